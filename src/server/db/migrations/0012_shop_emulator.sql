CREATE SCHEMA "shop_emulator";
--> statement-breakpoint
CREATE TABLE "shop_emulator"."coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_emulator"."coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"discount_type" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"email_restrictions" text[] DEFAULT '{}'::text[] NOT NULL,
	"date_expires" text,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_unique" UNIQUE("code"),
	CONSTRAINT "coupons_amount_check" CHECK ("shop_emulator"."coupons"."amount_minor" >= 0)
);
