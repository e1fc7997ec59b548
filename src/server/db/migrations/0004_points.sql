CREATE TABLE "point_alerts" (
	"group_id" text PRIMARY KEY NOT NULL,
	"threshold" integer,
	"below" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_alerts_threshold_check" CHECK ("point_alerts"."threshold" is null or "point_alerts"."threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_balances" (
	"owner_id" text NOT NULL,
	"group_id" text NOT NULL,
	"project_type" smallint NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"credited" integer DEFAULT 0 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"used_read_at" timestamp with time zone,
	CONSTRAINT "point_balances_owner_id_project_type_pk" PRIMARY KEY("owner_id","project_type"),
	CONSTRAINT "point_balances_project_type_check" CHECK ("point_balances"."project_type" in (0, 1, 2, 3, 9)),
	CONSTRAINT "point_balances_nonnegative" CHECK ("point_balances"."balance" >= 0 and "point_balances"."used" >= 0 and "point_balances"."credited" >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"team_id" text,
	"project_type" smallint NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"is_remit" boolean NOT NULL,
	"order_id" text,
	"transfer_id" uuid,
	"counterpart" text,
	"reason" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_ledger_project_type_check" CHECK ("point_ledger"."project_type" in (0, 1, 2, 3, 9)),
	CONSTRAINT "point_ledger_points_nonzero" CHECK ("point_ledger"."points" <> 0),
	CONSTRAINT "point_ledger_kind_check" CHECK ("point_ledger"."kind" in ('purchase', 'trial', 'bonus', 'transferOut', 'transferIn')),
	CONSTRAINT "point_ledger_sign_check" CHECK (("point_ledger"."kind" = 'transferOut') = ("point_ledger"."points" < 0))
);
--> statement-breakpoint
CREATE TABLE "point_usage_snapshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"project_type" smallint NOT NULL,
	"used" integer NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trial_point_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "trial_point_applications_status_check" CHECK ("trial_point_applications"."status" in (0, 1, 9))
);
--> statement-breakpoint
ALTER TABLE "point_alerts" ADD CONSTRAINT "point_alerts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_balances" ADD CONSTRAINT "point_balances_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_point_applications" ADD CONSTRAINT "trial_point_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_balances_group_idx" ON "point_balances" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "point_ledger_group_idx" ON "point_ledger" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "point_ledger_team_idx" ON "point_ledger" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "point_ledger_order_unique" ON "point_ledger" USING btree ("order_id","project_type") WHERE "point_ledger"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "point_usage_snapshots_owner_idx" ON "point_usage_snapshots" USING btree ("owner_id","taken_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trial_point_applications_one_open" ON "trial_point_applications" USING btree ("user_id") WHERE "trial_point_applications"."status" = 0;--> statement-breakpoint
CREATE INDEX "trial_point_applications_status_idx" ON "trial_point_applications" USING btree ("status","created_at");