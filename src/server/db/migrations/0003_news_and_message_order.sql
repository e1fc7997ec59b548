CREATE TABLE "news" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "news_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"translations" jsonb NOT NULL,
	"cover_image" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_category_check" CHECK ("news"."category" in (0, 1, 2, 3, 9)),
	CONSTRAINT "news_status_check" CHECK ("news"."status" in (0, 9)),
	CONSTRAINT "news_translations_check" CHECK ("news"."translations" ? 'zh-TW')
);
--> statement-breakpoint
CREATE INDEX "news_listing_idx" ON "news" USING btree ("status","category","published_at");--> statement-breakpoint
CREATE INDEX "customer_messages_created_idx" ON "customer_messages" USING btree ("created_at","id");