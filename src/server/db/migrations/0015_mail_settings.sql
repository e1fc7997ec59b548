CREATE TABLE "mail_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"routes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"staff_mail" boolean DEFAULT true NOT NULL,
	"chat_notices" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "mail_settings_single_row" CHECK ("mail_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "mail_settings" ADD CONSTRAINT "mail_settings_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;