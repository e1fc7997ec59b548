CREATE TABLE "team_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" text NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "device_bindings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform_id" text NOT NULL,
	"group_id" text NOT NULL,
	"name" text NOT NULL,
	"bound_by" uuid NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unbound_by" uuid,
	"unbound_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "host_credential_reveals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "host_credential_reveals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"revealed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "host_credentials" (
	"group_id" text NOT NULL,
	"kind" text NOT NULL,
	"address" text NOT NULL,
	"username" text NOT NULL,
	"secret" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "host_credentials_group_id_kind_pk" PRIMARY KEY("group_id","kind"),
	CONSTRAINT "host_credentials_kind_check" CHECK ("host_credentials"."kind" in ('login', 'remote', 'inference'))
);
--> statement-breakpoint
CREATE TABLE "platform_accounts" (
	"account_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"space" text NOT NULL,
	"team_id" text,
	"domain_key" text NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_accounts_space_check" CHECK ("platform_accounts"."space" in ('individual', 'trial', 'team') and ("platform_accounts"."space" = 'team') = ("platform_accounts"."team_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "team_files" ADD CONSTRAINT "team_files_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_files" ADD CONSTRAINT "team_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_bindings" ADD CONSTRAINT "device_bindings_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_bindings" ADD CONSTRAINT "device_bindings_bound_by_users_id_fk" FOREIGN KEY ("bound_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_bindings" ADD CONSTRAINT "device_bindings_unbound_by_users_id_fk" FOREIGN KEY ("unbound_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_credential_reveals" ADD CONSTRAINT "host_credential_reveals_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_credential_reveals" ADD CONSTRAINT "host_credential_reveals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_credentials" ADD CONSTRAINT "host_credentials_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_accounts" ADD CONSTRAINT "platform_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_accounts" ADD CONSTRAINT "platform_accounts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_files_team_idx" ON "team_files" USING btree ("team_id","uploaded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_bindings_one_account" ON "device_bindings" USING btree ("platform_id") WHERE "device_bindings"."unbound_at" is null;--> statement-breakpoint
CREATE INDEX "device_bindings_group_idx" ON "device_bindings" USING btree ("group_id","bound_at");--> statement-breakpoint
CREATE INDEX "host_credential_reveals_group_idx" ON "host_credential_reveals" USING btree ("group_id","revealed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_accounts_member_space" ON "platform_accounts" USING btree ("user_id","space",coalesce("team_id", ''));