import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The shop emulator's own table, in its own PostgreSQL schema: a stand-in for the external shopping
 * centre. Product code never reads it; it calls the emulator's REST API.
 */
export const shopEmulatorSchema = pgSchema('shop_emulator');

export const emulatedCoupons = shopEmulatorSchema.table(
  'coupons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    discountType: text('discount_type').notNull(),
    /** The amount in cents, as the shop's decimal string is kept exactly. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    emailRestrictions: text('email_restrictions').array().notNull().default(sql`'{}'::text[]`),
    dateExpires: text('date_expires'),
    usageCount: integer('usage_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('coupons_amount_check', sql`${table.amountMinor} >= 0`)],
);
