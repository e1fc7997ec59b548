import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    /** The authenticator's secret, sealed (AES-256-GCM); pending until totpEnabledAt is set. Staff must enrol one. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The 30-second step of the last accepted TOTP code: a code works once. */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('staff_email_lower', sql`${table.email} = lower(${table.email})`)],
);

/** One-time recovery codes of a staff member's authenticator, stored as SHA-256 hashes. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('staff_recovery_codes_staff_idx').on(table.staffId)],
);

/**
 * Mail setting (spec section 3, /mail): one row, id 1. Which permissions' staff receive the notices
 * tied to them (`routes`, permission to flag; a permission missing is routed), and the switches for
 * staff mails and chat notices. The environment's MAIL_NOTIFICATIONS and CHAT_NOTIFICATIONS stay master switches above them.
 */
export const mailSettings = pgTable(
  'mail_settings',
  {
    id: smallint('id').primaryKey().default(1),
    routes: jsonb('routes').$type<Record<string, boolean>>().notNull().default({}),
    staffMail: boolean('staff_mail').notNull().default(true),
    chatNotices: boolean('chat_notices').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (table) => [check('mail_settings_single_row', sql`${table.id} = 1`)],
);
