import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Single-use links mailed to a user: e-mail verification (24 h) and password reset (1 h). Only the
 * SHA-256 of the random token is stored, so a copy of this table opens nothing.
 */
export const actionTokens = pgTable(
  'action_tokens',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    check('action_tokens_purpose_check', sql`${table.purpose} in ('verify-email', 'reset-password')`),
    index('action_tokens_user_purpose_idx').on(table.userId, table.purpose, table.createdAt),
  ],
);

/**
 * Attempt counters for brute-force limits, one row per key ('signIn:ip:203.0.113.9'), in fixed
 * windows. In PostgreSQL so that every server process counts the same attempts.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** Per-member second-factor state: the last TOTP step used. */
export const memberSecurity = pgTable('member_security', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The 30-second step of the last accepted TOTP code: a code works once. */
  lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
});

/**
 * Failed sign-ins in a row of one account, members and staff alike ('member:<id>', 'staff:<id>'),
 * and the lock they cause. Each attempt is counted here before its password is checked, so that
 * parallel guesses cannot pass the lock.
 */
export const signInLocks = pgTable('sign_in_locks', {
  key: text('key').primaryKey(),
  failedAttempts: smallint('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** One-time recovery codes of the TOTP enrolment, stored as SHA-256 hashes. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('totp_recovery_codes_user_idx').on(table.userId)],
);
