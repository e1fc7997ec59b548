import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { groups } from './accounts';
import { staff } from './staff';

/**
 * Membership class changes of a group (spec section 3 'account-change actions': upgrade, reset,
 * renew, downgrade), one row each, shown to the member at /plan-exchange-record.
 */
export const classChanges = pgTable(
  'class_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id),
    action: text('action').notNull(),
    fromClass: text('from_class'),
    toClass: text('to_class').notNull(),
    fromExpireDate: timestamp('from_expire_date', { withTimezone: true }),
    toExpireDate: timestamp('to_expire_date', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('class_changes_action_check', sql`${table.action} in ('upgrade', 'reset', 'renew', 'downgrade')`), index('class_changes_group_idx').on(table.groupId, table.createdAt)],
);
