import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgSchema, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The AI platform emulator's own tables, in their own PostgreSQL schema: a stand-in for a system
 * the portal does not own. Product code never reads them; it calls the emulator over HTTP.
 */
export const emulatorSchema = pgSchema('platform_emulator');

export const emulatorUsers = emulatorSchema.table('users', {
  userId: text('user_id').primaryKey(),
  groupId: text('group_id').notNull(),
  userName: text('user_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  isClose: boolean('is_close').notNull().default(false),
  isTeam: boolean('is_team').notNull().default(false),
  trialPointType: smallint('trial_point_type'),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  modifiedBy: text('modified_by'),
  modifiedAt: timestamp('modified_at', { withTimezone: true }),
});

/**
 * Every point movement of an account (a group or a team): purchases and transfers in add to what it
 * bought, transfers out take from it, usage is what it used. Points in tenths, always positive.
 */
export const emulatorPointEntries = emulatorSchema.table(
  'point_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id').notNull(),
    projectType: smallint('project_type').notNull(),
    kind: text('kind').notNull(),
    tenths: integer('tenths').notNull(),
    by: text('by').notNull(),
    isRemit: text('is_remit'),
    taskType: text('task_type'),
    /** The transfer an entry belongs to, or the purchase record's id. */
    reference: text('reference'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('point_entries_kind_check', sql`${table.kind} in ('purchase', 'transfer_in', 'transfer_out', 'usage')`),
    check('point_entries_tenths_check', sql`${table.tenths} > 0`),
    index('point_entries_owner_idx').on(table.ownerId, table.occurredAt),
  ],
);

/**
 * What each account bought (purchases and transfers in, less transfers out) and used, per project
 * type: the entries summed as they are written, so that a balance or a transfer's check reads one
 * row instead of every entry the account ever had.
 */
export const emulatorPointTotals = emulatorSchema.table(
  'point_totals',
  {
    ownerId: text('owner_id').notNull(),
    projectType: smallint('project_type').notNull(),
    boughtTenths: integer('bought_tenths').notNull().default(0),
    usedTenths: integer('used_tenths').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.ownerId, table.projectType] })],
);

/** The first answer to each idempotency key of a write call; a repeated key gets it again and applies nothing. */
export const emulatorIdempotencyKeys = emulatorSchema.table(
  'idempotency_keys',
  {
    call: text('call').notNull(),
    key: text('key').notNull(),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.call, table.key] })],
);

/** Sign-in links of the 'use platform' redirect already used: each works once. */
export const emulatorUsedLogins = emulatorSchema.table('used_logins', {
  signature: text('signature').primaryKey(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});
