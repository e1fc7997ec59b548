import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { staff } from './staff';

/** Security feature settings (spec section 3, /features/security): one row, id 1. */
export const securitySettings = pgTable(
  'security_settings',
  {
    id: smallint('id').primaryKey().default(1),
    passwordStrength: text('password_strength').notNull().default('basic'),
    passwordMaxDaysLimit: integer('password_max_days_limit').notNull().default(90),
    userTotpVerify: boolean('user_totp_verify').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('security_settings_single_row', sql`${table.id} = 1`),
    check('security_settings_strength_check', sql`${table.passwordStrength} in ('basic', 'medium', 'strong')`),
    check('security_settings_max_days_check', sql`${table.passwordMaxDaysLimit} between 1 and 3650`),
  ],
);
