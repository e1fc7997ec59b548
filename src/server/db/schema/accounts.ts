import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Enterprise account (spec section 3 'Group'). Status 0 not activated, 1 paid, 2 trial. */
export const groups = pgTable(
  'groups',
  {
    id: text('id').primaryKey(),
    agentId: text('agent_id'),
    domainKey: text('domain_key'),
    status: smallint('status').notNull().default(0),
    companyName: text('company_name').notNull(),
    taxId: text('tax_id'),
    contactPersonName: text('contact_person_name'),
    contactPersonTel: text('contact_person_tel'),
    contactPersonEmail: text('contact_person_email'),
    companyAddress: text('company_address'),
    refAgentId: text('ref_agent_id'),
    isAgent: boolean('is_agent').notNull().default(false),
    defaultProjectType: smallint('default_project_type'),
    memberClass: text('member_class'),
    classEffectiveFrom: timestamp('class_effective_from', { withTimezone: true }),
    classExpireDate: timestamp('class_expire_date', { withTimezone: true }),
    /** Accumulated consumption of the class period, in tenths of a point. */
    classAccConsumption: integer('class_acc_consumption').notNull().default(0),
    classLastModifiedAt: timestamp('class_last_modified_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check('groups_status_check', sql`${table.status} in (0, 1, 2)`),
    check('groups_id_format', sql`${table.id} ~ '^[A-Z0-9]{14}$'`),
  ],
);

/** Member (spec section 3 'User'). Status 0 on creation, 1 active. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account name on the AI platform, set when the platform account is created. */
    platformUserId: text('platform_user_id').unique(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    status: smallint('status').notNull().default(0),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    trialPlatformStatus: smallint('trial_platform_status').notNull().default(0),
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id),
    isGroupAdmin: boolean('is_group_admin').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    createTeamLimit: integer('create_team_limit').notNull().default(1),
    businessCardKey: text('business_card_key'),
    /** Bonus points, in tenths of a point. */
    bonus: integer('bonus').notNull().default(0),
    language: text('language').notNull().default('zh-TW'),
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check('users_status_check', sql`${table.status} in (0, 1)`),
    check('users_trial_status_check', sql`${table.trialPlatformStatus} in (0, 1, 9)`),
    check('users_email_lower', sql`${table.email} = lower(${table.email})`),
    check('users_team_limit_check', sql`${table.createTeamLimit} >= 0`),
    check('users_language_check', sql`${table.language} in ('zh-TW', 'en', 'zh-CN', 'ja')`),
    index('users_group_idx').on(table.groupId),
  ],
);

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
    ...timestamps,
  },
  (table) => [check('staff_email_lower', sql`${table.email} = lower(${table.email})`)],
);
