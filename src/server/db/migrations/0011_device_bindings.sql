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
ALTER TABLE "device_bindings" ADD CONSTRAINT "device_bindings_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_bindings" ADD CONSTRAINT "device_bindings_bound_by_users_id_fk" FOREIGN KEY ("bound_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_bindings" ADD CONSTRAINT "device_bindings_unbound_by_users_id_fk" FOREIGN KEY ("unbound_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_bindings_one_account" ON "device_bindings" USING btree ("platform_id") WHERE "device_bindings"."unbound_at" is null;--> statement-breakpoint
CREATE INDEX "device_bindings_group_idx" ON "device_bindings" USING btree ("group_id","bound_at");