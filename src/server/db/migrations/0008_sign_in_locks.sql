CREATE TABLE "sign_in_locks" (
	"key" text PRIMARY KEY NOT NULL,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "member_security" DROP COLUMN "failed_sign_ins";--> statement-breakpoint
ALTER TABLE "member_security" DROP COLUMN "locked_until";