CREATE TABLE "course_cancellations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" text NOT NULL,
	"course_time_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"reason" smallint NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "course_cancellations_reason_check" CHECK ("course_cancellations"."reason" in (1, 2, 3, 4, 8, 9))
);
--> statement-breakpoint
CREATE TABLE "course_enrollees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_time_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "course_enrollees_slot_user_unique" UNIQUE("course_time_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "course_times" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"due_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"enrollee_limit" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid,
	CONSTRAINT "course_times_course_start_unique" UNIQUE("course_id","start_time"),
	CONSTRAINT "course_times_status_check" CHECK ("course_times"."status" in (0, 1)),
	CONSTRAINT "course_times_order_check" CHECK ("course_times"."due_time" <= "course_times"."start_time" and "course_times"."start_time" < "course_times"."end_time"),
	CONSTRAINT "course_times_length_check" CHECK ("course_times"."end_time" - "course_times"."start_time" <= interval '3 hours'),
	CONSTRAINT "course_times_limit_check" CHECK ("course_times"."enrollee_limit" is null or "course_times"."enrollee_limit" between 1 and 15)
);
--> statement-breakpoint
CREATE TABLE "course_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "course_waitlist_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"course_time_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_waitlist_slot_user_unique" UNIQUE("course_time_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" text PRIMARY KEY NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"translations" jsonb NOT NULL,
	"mode" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"meeting_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid,
	CONSTRAINT "courses_id_format" CHECK ("courses"."id" ~ '^[0-9]{8}$'),
	CONSTRAINT "courses_status_check" CHECK ("courses"."status" in (0, 9)),
	CONSTRAINT "courses_mode_check" CHECK ("courses"."mode" in ('inPerson', 'online')),
	CONSTRAINT "courses_translations_check" CHECK ("courses"."translations" ? 'zh-TW')
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "course_cancellations" ADD CONSTRAINT "course_cancellations_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_cancellations" ADD CONSTRAINT "course_cancellations_course_time_id_course_times_id_fk" FOREIGN KEY ("course_time_id") REFERENCES "public"."course_times"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_cancellations" ADD CONSTRAINT "course_cancellations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrollees" ADD CONSTRAINT "course_enrollees_course_time_id_course_times_id_fk" FOREIGN KEY ("course_time_id") REFERENCES "public"."course_times"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrollees" ADD CONSTRAINT "course_enrollees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_times" ADD CONSTRAINT "course_times_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_times" ADD CONSTRAINT "course_times_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_times" ADD CONSTRAINT "course_times_modified_by_staff_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_waitlist" ADD CONSTRAINT "course_waitlist_course_time_id_course_times_id_fk" FOREIGN KEY ("course_time_id") REFERENCES "public"."course_times"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_waitlist" ADD CONSTRAINT "course_waitlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_modified_by_staff_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_cancellations_slot_idx" ON "course_cancellations" USING btree ("course_time_id");--> statement-breakpoint
CREATE INDEX "course_enrollees_user_idx" ON "course_enrollees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "course_times_start_idx" ON "course_times" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "course_waitlist_order_idx" ON "course_waitlist" USING btree ("course_time_id","sequence");