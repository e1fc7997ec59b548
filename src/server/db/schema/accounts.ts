import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { groupStatus, trialPlatformStatus, userStatus } from '../../../shared/accounts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Enterprise account (spec section 3 'Group'); status: groupStatus. */
export const groups = pgTable(
  'groups',
  {
    id: text('id').primaryKey(),
    agentId: text('agent_id'),
    domainKey: text('domain_key'),
    status: smallint('status').notNull().default(groupStatus.notActivated),
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
    // An agent id names one agent: the accounts that refer to it (ref_agent_id) must not be shared out between two.
    uniqueIndex('groups_agent_id_unique').on(table.agentId).where(sql`${table.isAgent}`),
    index('groups_ref_agent_idx').on(table.refAgentId),
  ],
);

/** Member (spec section 3 'User'); status: userStatus, trial platform status: trialPlatformStatus. */
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
    status: smallint('status').notNull().default(userStatus.pending),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    trialPlatformStatus: smallint('trial_platform_status').notNull().default(trialPlatformStatus.notActivated),
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
