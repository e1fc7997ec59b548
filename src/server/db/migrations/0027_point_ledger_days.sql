CREATE TABLE "point_ledger_days" (
	"owner_id" text NOT NULL,
	"day" date NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "point_ledger_days_owner_id_day_pk" PRIMARY KEY("owner_id","day")
);
--> statement-breakpoint
-- The days of the entries written before this table: the owner as ownerIdOf names it (points/ledger.service.ts).
INSERT INTO "point_ledger_days" ("owner_id", "day", "points")
SELECT coalesce("team_id", 'device:' || "device_id", "group_id"), ("created_at" at time zone 'UTC')::date, sum("points")::integer
FROM "point_ledger"
GROUP BY 1, 2;
