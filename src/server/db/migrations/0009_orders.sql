CREATE TABLE "point_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"names" jsonb NOT NULL,
	"points_tenths" integer NOT NULL,
	"price_minor" integer NOT NULL,
	"project_type" smallint NOT NULL,
	"type" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_packages_type_check" CHECK ("point_packages"."type" in ('general', 'trial', 'bonus')),
	CONSTRAINT "point_packages_status_check" CHECK ("point_packages"."status" in (0, 1)),
	CONSTRAINT "point_packages_project_type_check" CHECK ("point_packages"."project_type" in (0, 1, 2, 3, 9)),
	CONSTRAINT "point_packages_points_check" CHECK ("point_packages"."points_tenths" > 0),
	CONSTRAINT "point_packages_price_check" CHECK ("point_packages"."price_minor" >= 0 and ("point_packages"."type" <> 'bonus' or "point_packages"."price_minor" = 0))
);
--> statement-breakpoint
CREATE TABLE "order_day_sequences" (
	"day" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_details" (
	"order_id" text NOT NULL,
	"package_id" integer NOT NULL,
	"names" jsonb NOT NULL,
	"project_type" smallint DEFAULT 9 NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"unit_points_tenths" integer NOT NULL,
	CONSTRAINT "order_details_order_id_package_id_pk" PRIMARY KEY("order_id","package_id"),
	CONSTRAINT "order_details_quantity_check" CHECK ("order_details"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" text NOT NULL,
	"orig_status" smallint,
	"chg_status" smallint NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text NOT NULL,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_logs_actor_kind_check" CHECK ("order_logs"."actor_kind" in ('member', 'staff', 'provider', 'system'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"created_by" uuid NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"payment_type" text NOT NULL,
	"total_minor" bigint NOT NULL,
	"points_tenths" integer NOT NULL,
	"bonus_tenths" integer NOT NULL,
	"company_name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'zh-TW' NOT NULL,
	"invoice_type" text NOT NULL,
	"invoice_company_name" text DEFAULT '' NOT NULL,
	"invoice_tax_id" text DEFAULT '' NOT NULL,
	"account_digits" text,
	"payment_time" timestamp with time zone,
	"quotation_key" text,
	"signed_quotation_key" text,
	"remittance_key" text,
	"invoice_key" text,
	"vacc_bank_code" text,
	"vacc_account" text,
	"vacc_expires_at" timestamp with time zone,
	"modified_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_id_format" CHECK ("orders"."id" ~ '^M[0-9]{12}$'),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in (0, 1, 2, 10, 15, 20, 98, 99)),
	CONSTRAINT "orders_payment_type_check" CHECK ("orders"."payment_type" in ('REMITTANCE', 'NEWEBPAY_VACC', 'NONE')),
	CONSTRAINT "orders_invoice_type_check" CHECK ("orders"."invoice_type" in ('PERSONAL', 'COMPANY')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."total_minor" >= 0 and "orders"."points_tenths" > 0 and "orders"."bonus_tenths" >= 0),
	CONSTRAINT "orders_account_digits_check" CHECK ("orders"."account_digits" ~ '^[0-9]{5}$')
);
--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_package_id_point_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."point_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_logs" ADD CONSTRAINT "order_logs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "point_packages_one_active_trial" ON "point_packages" USING btree ("type") WHERE "point_packages"."type" = 'trial' and "point_packages"."status" = 1;--> statement-breakpoint
CREATE INDEX "order_logs_order_idx" ON "order_logs" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_idx" ON "orders" USING btree ("created_by","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_vacc_account_idx" ON "orders" USING btree ("vacc_account");--> statement-breakpoint
CREATE INDEX "orders_group_created_idx" ON "orders" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");