import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { staff } from './staff';

/**
 * Server-side sign-in sessions of members and staff. The cookie holds a random token; only its
 * SHA-256 is stored, so a copy of this table signs nobody in.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('sessions_one_subject', sql`(${table.userId} is null) <> (${table.staffId} is null)`),
    index('sessions_user_idx').on(table.userId),
    index('sessions_staff_idx').on(table.staffId),
  ],
);
