CREATE TABLE "order_counts" (
	"group_id" text NOT NULL,
	"status" smallint NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "order_counts_group_id_status_pk" PRIMARY KEY("group_id","status"),
	CONSTRAINT "order_counts_total_check" CHECK ("order_counts"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_counts" ADD CONSTRAINT "order_counts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Adds `delta` to the count of one group and status. The inserted row must pass the check on its own
-- (PostgreSQL checks it before resolving the conflict), hence never below 0.
CREATE FUNCTION "order_counts_add"("group_id" text, "status" smallint, "delta" integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "order_counts" AS c ("group_id", "status", "total") VALUES ($1, $2, greatest($3, 0))
  ON CONFLICT ("group_id", "status") DO UPDATE SET "total" = c."total" + $3
$$;
--> statement-breakpoint
-- Keeps order_counts with every statement that inserts, deletes or changes the group or status of orders.
CREATE FUNCTION "order_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "order_counts_add"("group_id", "status", count(*)::integer) FROM "new_orders" GROUP BY "group_id", "status";
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "order_counts_add"("group_id", "status", -count(*)::integer) FROM "old_orders" GROUP BY "group_id", "status";
  ELSE
    PERFORM "order_counts_add"(moved."group_id", moved."status", sum(moved."delta")::integer)
    FROM (
      SELECT n."group_id", n."status", 1 AS "delta" FROM "new_orders" n JOIN "old_orders" o USING ("id")
      WHERE (n."group_id", n."status") IS DISTINCT FROM (o."group_id", o."status")
      UNION ALL
      SELECT o."group_id", o."status", -1 AS "delta" FROM "old_orders" o JOIN "new_orders" n USING ("id")
      WHERE (n."group_id", n."status") IS DISTINCT FROM (o."group_id", o."status")
    ) AS moved
    GROUP BY moved."group_id", moved."status";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "order_counts_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "order_counts_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "old_orders" NEW TABLE AS "new_orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "order_counts_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "old_orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_counts_keep"();
--> statement-breakpoint
INSERT INTO "order_counts" ("group_id", "status", "total") SELECT "group_id", "status", count(*)::integer FROM "orders" GROUP BY "group_id", "status";
