import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Back-office staff (spec section 3 'Admin'): their own sign-in, a super flag and one flag per permission. */
export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    super: boolean('super').notNull().default(false),
    confirmOrder: boolean('confirm_order').notNull().default(false),
    confirmPayment: boolean('confirm_payment').notNull().default(false),
    applyPoints: boolean('apply_points').notNull().default(false),
    customerService: boolean('customer_service').notNull().default(false),
    manageCourse: boolean('manage_course').notNull().default(false),
    activateAccount: boolean('activate_account').notNull().default(false),
    contentManagement: boolean('content_management').notNull().default(false),
    agentManagement: boolean('agent_management').notNull().default(false),
    pointsManagement: boolean('points_management').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('staff_email_lower', sql`${table.email} = lower(${table.email})`)],
);
