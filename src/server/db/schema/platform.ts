import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { platformDeliveryStatus } from '../../../shared/platform';
import { groups, users } from './accounts';
import { teams } from './teams';

/**
 * Outbox of the AI platform (spec section 7): every write the portal owes the platform (a purchase
 * record, a point transfer, a user created or updated) is a row here, written in the same
 * transaction as the change, and delivered by the `deliver-platform-call` job with its
 * idempotency key, so that a retry never applies twice. status: platformDeliveryStatus.
 */
export const platformDeliveries = pgTable(
  'platform_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** platformWriteCall */
    call: text('call').notNull(),
    domainKey: text('domain_key').notNull(),
    /** The account the call is about (group, team or platform user id), for lists and pending sums. */
    subject: text('subject').notNull(),
    /** The call's input as the connector takes it (points in tenths), without the shared key. */
    payload: jsonb('payload').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    status: text('status').notNull().default(platformDeliveryStatus.pending),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** What the platform answered (its `data`), once delivered. */
    response: jsonb('response'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Deliveries that share it go out in the order of `sequence`: the account creations and points
     * calls of one enterprise account (purchases, grants and transfers, its teams' and devices'
     * included), so that a transfer never reaches the platform before the credit it spends, nor a
     * credit before the account it is for, even while the earlier call is retried. Null for calls
     * with no order to keep (user/update).
     */
    sequenceKey: text('sequence_key'),
    /**
     * The order of writing, taken at the insert. A points call is written after its transaction has
     * locked the balance rows it moves, so a credit that a transfer spends always has the lower one.
     */
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
  },
  (table) => [
    check('platform_deliveries_status_check', sql`${table.status} in ('pending', 'sending', 'delivered', 'failed')`),
    check('platform_deliveries_call_check', sql`${table.call} in ('user-create', 'user-update', 'purchase-record', 'point-transfer')`),
    index('platform_deliveries_due_idx').on(table.status, table.nextAttemptAt),
    index('platform_deliveries_subject_idx').on(table.subject, table.status),
    // The undelivered calls of a sequence, for the check that none is ahead of the one to send.
    index('platform_deliveries_sequence_idx').on(table.sequenceKey, table.sequence).where(sql`${table.status} in ('pending', 'sending')`),
  ],
);

/**
 * The platform accounts the portal had created for its members, one per space: the member's own
 * (space 'individual'), the trial platform's ('trial') and one per team ('team', with team_id).
 * `closed` is what the portal last told the platform (user/update is_close): a member who leaves
 * or is kicked has the team's account closed, and opened again when invited back.
 */
export const platformAccounts = pgTable(
  'platform_accounts',
  {
    accountId: text('account_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    space: text('space').notNull(),
    teamId: text('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    domainKey: text('domain_key').notNull(),
    closed: boolean('closed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('platform_accounts_space_check', sql`${table.space} in ('individual', 'trial', 'team') and (${table.space} = 'team') = (${table.teamId} is not null)`),
    uniqueIndex('platform_accounts_member_space').on(table.userId, table.space, sql`coalesce(${table.teamId}, '')`),
  ],
);

/**
 * Devices bound to enterprise accounts (/device-binding). A binding ends by unbinding (unbound_at
 * set) and stays as a record; a device has at most one open binding, whatever the interleaving
 * (the partial unique index), so it belongs to one account at a time.
 */
export const deviceBindings = pgTable(
  'device_bindings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformId: text('platform_id').notNull(),
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id),
    name: text('name').notNull(),
    boundBy: uuid('bound_by')
      .notNull()
      .references(() => users.id),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
    unboundBy: uuid('unbound_by').references(() => users.id),
    unboundAt: timestamp('unbound_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('device_bindings_one_account').on(table.platformId).where(sql`${table.unboundAt} is null`),
    index('device_bindings_group_idx').on(table.groupId, table.boundAt),
  ],
);

/**
 * Host information of an enterprise account (/host-info): one entry per credential-information type
 * (spec section 3: login, remote connection, inference platform login). The secret leaves the
 * server only when a member asks to see it, and each time is recorded in host_credential_reveals.
 */
export const hostCredentials = pgTable(
  'host_credentials',
  {
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id),
    kind: text('kind').notNull(),
    address: text('address').notNull(),
    username: text('username').notNull(),
    secret: text('secret').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.kind] }), check('host_credentials_kind_check', sql`${table.kind} in ('login', 'remote', 'inference')`)],
);

/** Who was shown which secret of host information, and when. */
export const hostCredentialReveals = pgTable(
  'host_credential_reveals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id),
    kind: text('kind').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    revealedAt: timestamp('revealed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('host_credential_reveals_group_idx').on(table.groupId, table.revealedAt)],
);
