CREATE TABLE "groups" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_id" text,
	"domain_key" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"company_name" text NOT NULL,
	"tax_id" text,
	"contact_person_name" text,
	"contact_person_tel" text,
	"contact_person_email" text,
	"company_address" text,
	"ref_agent_id" text,
	"is_agent" boolean DEFAULT false NOT NULL,
	"default_project_type" smallint,
	"member_class" text,
	"class_effective_from" timestamp with time zone,
	"class_expire_date" timestamp with time zone,
	"class_acc_consumption" integer DEFAULT 0 NOT NULL,
	"class_last_modified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_status_check" CHECK ("groups"."status" in (0, 1, 2)),
	CONSTRAINT "groups_id_format" CHECK ("groups"."id" ~ '^[A-Z0-9]{14}$')
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"super" boolean DEFAULT false NOT NULL,
	"confirm_order" boolean DEFAULT false NOT NULL,
	"confirm_payment" boolean DEFAULT false NOT NULL,
	"apply_points" boolean DEFAULT false NOT NULL,
	"customer_service" boolean DEFAULT false NOT NULL,
	"manage_course" boolean DEFAULT false NOT NULL,
	"activate_account" boolean DEFAULT false NOT NULL,
	"content_management" boolean DEFAULT false NOT NULL,
	"agent_management" boolean DEFAULT false NOT NULL,
	"points_management" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_email_unique" UNIQUE("email"),
	CONSTRAINT "staff_email_lower" CHECK ("staff"."email" = lower("staff"."email"))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform_user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"password_changed_at" timestamp with time zone,
	"status" smallint DEFAULT 0 NOT NULL,
	"email_verified_at" timestamp with time zone,
	"trial_platform_status" smallint DEFAULT 0 NOT NULL,
	"group_id" text NOT NULL,
	"is_group_admin" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"create_team_limit" integer DEFAULT 1 NOT NULL,
	"business_card_key" text,
	"bonus" integer DEFAULT 0 NOT NULL,
	"language" text DEFAULT 'zh-TW' NOT NULL,
	"totp_secret" text,
	"totp_enabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_platform_user_id_unique" UNIQUE("platform_user_id"),
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_status_check" CHECK ("users"."status" in (0, 1)),
	CONSTRAINT "users_trial_status_check" CHECK ("users"."trial_platform_status" in (0, 1, 9)),
	CONSTRAINT "users_email_lower" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_team_limit_check" CHECK ("users"."create_team_limit" >= 0),
	CONSTRAINT "users_language_check" CHECK ("users"."language" in ('zh-TW', 'en', 'zh-CN', 'ja'))
);
--> statement-breakpoint
CREATE TABLE "customer_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" smallint DEFAULT 0 NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"type" smallint NOT NULL,
	"description" text NOT NULL,
	"company_industry" text,
	"adoption_time" text,
	"attendees" text,
	"class_mode" text,
	"course_content" text,
	"language" text DEFAULT 'zh-TW' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replied_at" timestamp with time zone,
	"replied_by" uuid,
	CONSTRAINT "customer_messages_status_check" CHECK ("customer_messages"."status" in (0, 1)),
	CONSTRAINT "customer_messages_type_check" CHECK ("customer_messages"."type" in (0, 1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "chat_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_notices_status_check" CHECK ("chat_notices"."status" in ('pending', 'sending', 'sent', 'recorded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('pending', 'sending', 'sent', 'recorded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_replied_by_staff_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_group_idx" ON "users" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "customer_messages_status_created_idx" ON "customer_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "chat_notices_status_idx" ON "chat_notices" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");