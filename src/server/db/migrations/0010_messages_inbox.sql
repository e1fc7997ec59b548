CREATE TABLE "customer_message_counts" (
	"status" smallint PRIMARY KEY NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "customer_message_counts_total_check" CHECK ("customer_message_counts"."total" >= 0)
);
--> statement-breakpoint
DROP INDEX "customer_messages_status_created_idx";--> statement-breakpoint
ALTER TABLE "customer_messages" ADD COLUMN "reply_body" text;--> statement-breakpoint
CREATE INDEX "customer_messages_status_created_idx" ON "customer_messages" USING btree ("status","created_at","id");--> statement-breakpoint
INSERT INTO "customer_message_counts" ("status", "total") SELECT "status", count(*) FROM "customer_messages" GROUP BY "status";
