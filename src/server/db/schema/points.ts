import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { trialApplicationStatus } from '../../../shared/points';
import { groups, users } from './accounts';

const projectTypeCheck = (column: unknown) => sql`${column} in (0, 1, 2, 3, 9)`;

/**
 * The portal's points ledger (issue 9 part 3): every purchase, trial grant, bonus grant and each
 * side of a transfer, in integer tenths of a point, written in the same transaction as the business
 * change. `team_id` set: the entry moves a team's points; `device_id` set: a bound device's (its
 * platform id); neither: the enterprise account's.
 */
export const pointLedger = pgTable(
  'point_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id),
    teamId: text('team_id'),
    deviceId: text('device_id'),
    projectType: smallint('project_type').notNull(),
    kind: text('kind').notNull(),
    /** Tenths of a point; negative when points leave the account. */
    points: integer('points').notNull(),
    /** Recorded paid (spec 'Point purchase record' is_remit Y). */
    isRemit: boolean('is_remit').notNull(),
    orderId: text('order_id'),
    /** Both sides of one transfer share it. */
    transferId: uuid('transfer_id'),
    counterpart: text('counterpart'),
    reason: text('reason'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('point_ledger_project_type_check', projectTypeCheck(table.projectType)),
    check('point_ledger_points_nonzero', sql`${table.points} <> 0`),
    check('point_ledger_kind_check', sql`${table.kind} in ('purchase', 'trial', 'bonus', 'transferOut', 'transferIn')`),
    check('point_ledger_sign_check', sql`(${table.kind} = 'transferOut') = (${table.points} < 0)`),
    index('point_ledger_group_idx').on(table.groupId, table.createdAt),
    index('point_ledger_team_idx').on(table.teamId, table.createdAt),
    index('point_ledger_device_idx').on(table.deviceId, table.createdAt),
    check('point_ledger_one_holder', sql`${table.teamId} is null or ${table.deviceId} is null`),
    // An order is recorded once, whatever retries the caller makes.
    uniqueIndex('point_ledger_order_unique').on(table.orderId, table.projectType).where(sql`${table.orderId} is not null`),
  ],
);

/**
 * One row per account (an enterprise account's group id, or a team id) and project type: the sum of
 * its ledger (`balance`, never negative) and the platform's last-read usage. A debit moves the row
 * only when its remaining points cover it, in the statement that locks it, so concurrent transfers
 * from one account never overdraw it.
 */
export const pointBalances = pgTable(
  'point_balances',
  {
    ownerId: text('owner_id').notNull(),
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id),
    projectType: smallint('project_type').notNull(),
    /** Bought points (tenths): credits less transfers out, the platform's buy_points. */
    balance: integer('balance').notNull().default(0),
    /** The platform's used points when last read (tenths). */
    used: integer('used').notNull().default(0),
    usedReadAt: timestamp('used_read_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.ownerId, table.projectType] }),
    check('point_balances_project_type_check', projectTypeCheck(table.projectType)),
    check('point_balances_nonnegative', sql`${table.balance} >= 0 and ${table.used} >= 0`),
    index('point_balances_group_idx').on(table.groupId),
  ],
);

/**
 * The ledger summed per account and day (UTC), for the balance chart's bought line: a balance read
 * reads one row per day instead of summing every entry the account ever had. Written by the
 * ledger's one write statement (points.repository), in its transaction; `owner_id` as
 * point_balances names the account.
 */
export const pointLedgerDays = pgTable(
  'point_ledger_days',
  {
    ownerId: text('owner_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** Tenths: the day's credits less its transfers out. */
    points: integer('points').notNull(),
  },
  (table) => [primaryKey({ columns: [table.ownerId, table.day] })],
);

/**
 * The platform's usage figure of each account, project type and day (UTC) as last read that day, for
 * the chart's used line: one row a day, however often the balance is read.
 */
export const pointUsageDays = pgTable(
  'point_usage_days',
  {
    ownerId: text('owner_id').notNull(),
    projectType: smallint('project_type').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** Tenths. */
    used: integer('used').notNull(),
    /** When the figure was read: a reading replaces the day's figure only when it is newer. */
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.ownerId, table.projectType, table.day] })],
);

/** Trial point application (spec section 3); at most one open per member, by a partial unique index. */
export const trialPointApplications = pgTable(
  'trial_point_applications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    email: text('email').notNull(),
    reason: text('reason').notNull(),
    status: smallint('status').notNull().default(trialApplicationStatus.open),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
  },
  (table) => [
    check('trial_point_applications_status_check', sql`${table.status} in (0, 1, 9)`),
    uniqueIndex('trial_point_applications_one_open').on(table.userId).where(sql`${table.status} = 0`),
    index('trial_point_applications_status_idx').on(table.status, table.createdAt),
  ],
);

/** The low-balance alert of an enterprise account on type 9 (issue 9 part 9): threshold in tenths. */
export const pointAlerts = pgTable(
  'point_alerts',
  {
    groupId: text('group_id')
      .primaryKey()
      .references(() => groups.id),
    threshold: integer('threshold'),
    /** Below the threshold since the last crossing; the administrator was mailed for it. */
    below: boolean('below').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('point_alerts_threshold_check', sql`${table.threshold} is null or ${table.threshold} >= 0`)],
);
