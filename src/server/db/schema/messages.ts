import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { staff } from './staff';
import { replyStatus } from '../../../shared/messages';

/** Contact-form message (spec section 3 'Customer message'); status: replyStatus, type: inquiryType. */
export const customerMessages = pgTable(
  'customer_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    status: smallint('status').notNull().default(replyStatus.open),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    type: smallint('type').notNull(),
    description: text('description').notNull(),
    companyIndustry: text('company_industry'),
    adoptionTime: text('adoption_time'),
    attendees: text('attendees'),
    classMode: text('class_mode'),
    courseContent: text('course_content'),
    language: text('language').notNull().default('zh-TW'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: uuid('replied_by').references(() => staff.id),
    /** What staff answered by mail from the back office; null when it was marked replied without a mail (answered by phone). */
    replyBody: text('reply_body'),
  },
  (table) => [
    check('customer_messages_status_check', sql`${table.status} in (0, 1)`),
    check('customer_messages_type_check', sql`${table.type} in (0, 1, 2, 3)`),
    // Scanned backwards from a (created_at, id) key, they give each page of the staff list (newest first, with or without a
    // status filter) without sorting or skipping rows: the list pages by keyset, never by offset.
    index('customer_messages_status_created_idx').on(table.status, table.createdAt, table.id),
    index('customer_messages_created_idx').on(table.createdAt, table.id),
  ],
);

/**
 * How many messages have each reply status, kept in the same transaction as every insert and reply,
 * so that the inbox shows its counts without counting the whole message table on each request.
 */
export const customerMessageCounts = pgTable(
  'customer_message_counts',
  {
    status: smallint('status').primaryKey(),
    total: integer('total').notNull(),
  },
  (table) => [check('customer_message_counts_total_check', sql`${table.total} >= 0`)],
);
