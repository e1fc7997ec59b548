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
  },
  (table) => [
    check('customer_messages_status_check', sql`${table.status} in (0, 1)`),
    check('customer_messages_type_check', sql`${table.type} in (0, 1, 2, 3)`),
    index('customer_messages_status_created_idx').on(table.status, table.createdAt),
    // Scanned backwards, it gives the staff list (newest first, no status filter) its first page without sorting every row.
    index('customer_messages_created_idx').on(table.createdAt, table.id),
  ],
);
