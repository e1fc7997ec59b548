ALTER TABLE "point_ledger" ADD COLUMN "device_id" text;--> statement-breakpoint
CREATE INDEX "point_ledger_device_idx" ON "point_ledger" USING btree ("device_id","created_at");--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_one_holder" CHECK ("point_ledger"."team_id" is null or "point_ledger"."device_id" is null);