ALTER TABLE "platform_deliveries" ADD COLUMN "sequence_key" text;--> statement-breakpoint
ALTER TABLE "platform_deliveries" ADD COLUMN "sequence" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "platform_deliveries_sequence_idx" ON "platform_deliveries" USING btree ("sequence_key","sequence") WHERE "platform_deliveries"."status" in ('pending', 'sending');--> statement-breakpoint
-- The points calls still to be sent join their enterprise account's sequence.
UPDATE "platform_deliveries" AS d SET "sequence_key" = CASE
    WHEN d."call" = 'purchase-record' THEN d."subject"
    ELSE coalesce((SELECT t."group_id" FROM "teams" AS t WHERE t."id" = d."subject"),
                  (SELECT l."group_id" FROM "point_ledger" AS l WHERE l."device_id" = d."subject" LIMIT 1),
                  d."subject")
  END
WHERE d."call" IN ('purchase-record', 'point-transfer') AND d."status" IN ('pending', 'sending');
