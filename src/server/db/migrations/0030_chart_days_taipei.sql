-- The balance chart's days become Taipei's calendar days (they were UTC's, so that an entry made
-- between midnight and 08:00 in Taipei was drawn on the day before). Both day tables are written
-- again from what they were made of.
DELETE FROM "point_ledger_days";
--> statement-breakpoint
INSERT INTO "point_ledger_days" ("owner_id", "day", "points")
SELECT coalesce("team_id", 'device:' || "device_id", "group_id"), ("created_at" at time zone 'Asia/Taipei')::date, sum("points")::integer
FROM "point_ledger"
GROUP BY 1, 2;
--> statement-breakpoint
-- The usage readings are kept only as each day's last one: each is moved to its Taipei day, the
-- latest of those that meet on one day counting.
CREATE TEMPORARY TABLE "usage_days_before_0030" AS SELECT * FROM "point_usage_days";
--> statement-breakpoint
DELETE FROM "point_usage_days";
--> statement-breakpoint
INSERT INTO "point_usage_days" ("owner_id", "project_type", "day", "used", "read_at")
SELECT DISTINCT ON ("owner_id", "project_type", ("read_at" at time zone 'Asia/Taipei')::date) "owner_id", "project_type", ("read_at" at time zone 'Asia/Taipei')::date, "used", "read_at"
FROM "usage_days_before_0030"
ORDER BY "owner_id", "project_type", ("read_at" at time zone 'Asia/Taipei')::date, "read_at" DESC;
--> statement-breakpoint
DROP TABLE "usage_days_before_0030";
