CREATE SCHEMA "platform_emulator";
--> statement-breakpoint
CREATE TABLE "platform_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"call" text NOT NULL,
	"domain_key" text NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"response" jsonb,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_deliveries_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "platform_deliveries_status_check" CHECK ("platform_deliveries"."status" in ('pending', 'sending', 'delivered', 'failed')),
	CONSTRAINT "platform_deliveries_call_check" CHECK ("platform_deliveries"."call" in ('user-create', 'user-update', 'purchase-record', 'point-transfer'))
);
--> statement-breakpoint
CREATE TABLE "platform_emulator"."idempotency_keys" (
	"call" text NOT NULL,
	"key" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_call_key_pk" PRIMARY KEY("call","key")
);
--> statement-breakpoint
CREATE TABLE "platform_emulator"."point_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"project_type" smallint NOT NULL,
	"kind" text NOT NULL,
	"tenths" integer NOT NULL,
	"by" text NOT NULL,
	"is_remit" text,
	"task_type" text,
	"reference" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_entries_kind_check" CHECK ("platform_emulator"."point_entries"."kind" in ('purchase', 'transfer_in', 'transfer_out', 'usage')),
	CONSTRAINT "point_entries_tenths_check" CHECK ("platform_emulator"."point_entries"."tenths" > 0)
);
--> statement-breakpoint
CREATE TABLE "platform_emulator"."used_logins" (
	"signature" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_emulator"."users" (
	"user_id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"user_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_close" boolean DEFAULT false NOT NULL,
	"is_team" boolean DEFAULT false NOT NULL,
	"trial_point_type" smallint,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" text,
	"modified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "platform_deliveries_due_idx" ON "platform_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "platform_deliveries_subject_idx" ON "platform_deliveries" USING btree ("subject","status");--> statement-breakpoint
CREATE INDEX "point_entries_owner_idx" ON "platform_emulator"."point_entries" USING btree ("owner_id","occurred_at");