import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { staff } from './staff';

/**
 * The audit log (issue 12 part 3): one row per staff action, written in the transaction of the change
 * itself, so a change without its row (or a row without its change) cannot exist. The staff member's
 * e-mail is kept beside the id, so a row still names who acted after the account is removed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    staffEmail: text('staff_email').notNull(),
    action: text('action').notNull(),
    /** What was acted on, as `<kind>:<id>`, e.g. `user:lin@example.com`, `group:AB12…`, `staff:<email>`. */
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The client address of the request; null for the CLI. */
    address: text('address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_staff_idx').on(table.staffEmail, table.id),
    index('audit_log_action_idx').on(table.action, table.id),
    index('audit_log_target_idx').on(table.target, table.id),
    index('audit_log_created_idx').on(table.createdAt, table.id),
  ],
);
