CREATE TABLE "payment_callbacks" (
	"trade_no" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
