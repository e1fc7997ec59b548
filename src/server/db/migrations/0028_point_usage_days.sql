CREATE TABLE "point_usage_days" (
	"owner_id" text NOT NULL,
	"project_type" smallint NOT NULL,
	"day" date NOT NULL,
	"used" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "point_usage_days_owner_id_project_type_day_pk" PRIMARY KEY("owner_id","project_type","day")
);
--> statement-breakpoint
-- Each day's last reading of the snapshots kept until now (0029 drops them).
INSERT INTO "point_usage_days" ("owner_id", "project_type", "day", "used", "read_at")
SELECT DISTINCT ON ("owner_id", "project_type", ("taken_at" at time zone 'UTC')::date) "owner_id", "project_type", ("taken_at" at time zone 'UTC')::date, "used", "taken_at"
FROM "point_usage_snapshots"
ORDER BY "owner_id", "project_type", ("taken_at" at time zone 'UTC')::date, "taken_at" DESC;
