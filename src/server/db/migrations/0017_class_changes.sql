CREATE TABLE "class_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" text NOT NULL,
	"action" text NOT NULL,
	"from_class" text,
	"to_class" text NOT NULL,
	"from_expire_date" timestamp with time zone,
	"to_expire_date" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_changes_action_check" CHECK ("class_changes"."action" in ('upgrade', 'reset', 'renew', 'downgrade'))
);
--> statement-breakpoint
ALTER TABLE "class_changes" ADD CONSTRAINT "class_changes_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_changes" ADD CONSTRAINT "class_changes_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_changes_group_idx" ON "class_changes" USING btree ("group_id","created_at");