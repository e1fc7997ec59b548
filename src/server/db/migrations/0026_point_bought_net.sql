ALTER TABLE "point_balances" DROP CONSTRAINT "point_balances_nonnegative";--> statement-breakpoint
ALTER TABLE "point_balances" DROP COLUMN "credited";--> statement-breakpoint
ALTER TABLE "point_balances" ADD CONSTRAINT "point_balances_nonnegative" CHECK ("point_balances"."balance" >= 0 and "point_balances"."used" >= 0);