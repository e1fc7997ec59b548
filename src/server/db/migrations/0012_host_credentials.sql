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
ALTER TABLE "host_credential_reveals" ADD CONSTRAINT "host_credential_reveals_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_credential_reveals" ADD CONSTRAINT "host_credential_reveals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_credentials" ADD CONSTRAINT "host_credentials_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "host_credential_reveals_group_idx" ON "host_credential_reveals" USING btree ("group_id","revealed_at");