-- What the payment provider reported with each callback (null on the rows written before), and the
-- callbacks of one order in the order they came, for the back office's order page.
ALTER TABLE "payment_callbacks" ADD COLUMN "amount_minor" bigint;--> statement-breakpoint
ALTER TABLE "payment_callbacks" ADD COLUMN "account" text;--> statement-breakpoint
ALTER TABLE "payment_callbacks" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_callbacks_order_idx" ON "payment_callbacks" USING btree ("order_id","received_at");