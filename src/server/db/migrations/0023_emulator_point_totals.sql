CREATE TABLE "platform_emulator"."point_totals" (
	"owner_id" text NOT NULL,
	"project_type" smallint NOT NULL,
	"bought_tenths" integer DEFAULT 0 NOT NULL,
	"used_tenths" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "point_totals_owner_id_project_type_pk" PRIMARY KEY("owner_id","project_type")
);
--> statement-breakpoint
-- The totals of the entries written before this migration.
INSERT INTO "platform_emulator"."point_totals" ("owner_id", "project_type", "bought_tenths", "used_tenths")
SELECT "owner_id", "project_type",
       coalesce(sum(CASE WHEN "kind" IN ('purchase', 'transfer_in') THEN "tenths" WHEN "kind" = 'transfer_out' THEN -"tenths" ELSE 0 END), 0)::integer,
       coalesce(sum(CASE WHEN "kind" = 'usage' THEN "tenths" ELSE 0 END), 0)::integer
FROM "platform_emulator"."point_entries" GROUP BY "owner_id", "project_type";
