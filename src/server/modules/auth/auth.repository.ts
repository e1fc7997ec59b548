import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { actionTokens, memberSecurity, rateLimits, signInLocks, totpRecoveryCodes } from '../../db/schema';

export type ActionPurpose = 'verify-email' | 'reset-password';
export type ActionTokenRow = typeof actionTokens.$inferSelect;

export async function insertActionToken(db: Executor, values: typeof actionTokens.$inferInsert): Promise<void> {
  await db.insert(actionTokens).values(values);
}

/** When each link of `purpose` since `since` was sent, oldest first. */
export async function actionTokenTimesSince(db: Executor, userId: string, purpose: ActionPurpose, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: actionTokens.createdAt })
    .from(actionTokens)
    .where(and(eq(actionTokens.userId, userId), eq(actionTokens.purpose, purpose), gt(actionTokens.createdAt, since)))
    .orderBy(actionTokens.createdAt);
  return rows.map((row) => row.createdAt);
}

export async function findActionToken(db: Executor, id: string): Promise<ActionTokenRow | undefined> {
  const [row] = await db.select().from(actionTokens).where(eq(actionTokens.id, id));
  return row;
}

/** Marks an unused, unexpired token used and returns it; undefined when it is unknown, used or expired. */
export async function consumeActionToken(db: Executor, id: string, purpose: ActionPurpose, now: Date): Promise<ActionTokenRow | undefined> {
  const [row] = await db
    .update(actionTokens)
    .set({ usedAt: now })
    .where(and(eq(actionTokens.id, id), eq(actionTokens.purpose, purpose), isNull(actionTokens.usedAt), gt(actionTokens.expiresAt, now)))
    .returning();
  return row;
}

/** Gives back a link claimed at `usedAt` whose change could not be made. */
export async function releaseActionToken(db: Executor, id: string, usedAt: Date): Promise<void> {
  await db.update(actionTokens).set({ usedAt: null }).where(and(eq(actionTokens.id, id), eq(actionTokens.usedAt, usedAt)));
}

/** Other open links of the same purpose stop working once one is used. */
export async function retireActionTokens(db: Executor, userId: string, purpose: ActionPurpose, now: Date): Promise<void> {
  await db
    .update(actionTokens)
    .set({ usedAt: now })
    .where(and(eq(actionTokens.userId, userId), eq(actionTokens.purpose, purpose), isNull(actionTokens.usedAt)));
}

/**
 * Counts one attempt under `key` in a fixed window of `windowMs`, atomically: a window older than
 * that starts again at 1. Returns the count and when the window started.
 */
export async function countAttempt(db: Executor, key: string, now: Date, windowMs: number): Promise<{ count: number; windowStartedAt: Date }> {
  const cutoff = new Date(now.getTime() - windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStartedAt: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStartedAt} <= ${cutoff.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= ${cutoff.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStartedAt: rateLimits.windowStartedAt });
  return row!;
}

/**
 * Counts one sign-in attempt of `key` before its password is checked, in one statement: while the
 * account is locked nothing is added; a lock that has run out is lifted. Returns the attempt's number
 * in the current run of failures and the lock, if one holds.
 */
export async function countSignInAttempt(db: Executor, key: string, now: Date): Promise<{ attempt: number; lockedUntil: Date | null }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(signInLocks)
    .values({ key, failedAttempts: 1 })
    .onConflictDoUpdate({
      target: signInLocks.key,
      set: {
        failedAttempts: sql`case when ${signInLocks.lockedUntil} > ${at} then ${signInLocks.failedAttempts} else ${signInLocks.failedAttempts} + 1 end`,
        lockedUntil: sql`case when ${signInLocks.lockedUntil} > ${at} then ${signInLocks.lockedUntil} else null end`,
      },
    })
    .returning({ attempt: signInLocks.failedAttempts, lockedUntil: signInLocks.lockedUntil });
  return row!;
}

/** Takes back an attempt that turned out to be no guess (the right password, the account not yet usable). */
export async function uncountSignInAttempt(db: Executor, key: string): Promise<void> {
  await db
    .update(signInLocks)
    .set({ failedAttempts: sql`greatest(${signInLocks.failedAttempts} - 1, 0)` })
    .where(eq(signInLocks.key, key));
}

export async function lockSignIns(db: Executor, key: string, until: Date): Promise<void> {
  await db.update(signInLocks).set({ lockedUntil: until, failedAttempts: 0 }).where(eq(signInLocks.key, key));
}

export async function clearSignInFailures(db: Executor, key: string): Promise<void> {
  await db.delete(signInLocks).where(eq(signInLocks.key, key));
}

/** Records the TOTP step just accepted, only if it is later than the last one; false for a replayed code. */
export async function useTotpStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .insert(memberSecurity)
    .values({ userId, lastTotpStep: step })
    .onConflictDoUpdate({
      target: memberSecurity.userId,
      set: { lastTotpStep: step },
      setWhere: sql`${memberSecurity.lastTotpStep} is null or ${memberSecurity.lastTotpStep} < ${step}`,
    })
    .returning({ userId: memberSecurity.userId });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Executor, userId: string, hashes: string[]): Promise<void> {
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  if (hashes.length > 0) await db.insert(totpRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses an unused recovery code; false when it is not one of the user's or was used. */
export async function consumeRecoveryCode(db: Executor, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(totpRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(totpRecoveryCodes.userId, userId), eq(totpRecoveryCodes.codeHash, codeHash), isNull(totpRecoveryCodes.usedAt)))
    .returning({ id: totpRecoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
  return row?.value ?? 0;
}

/** Attempt counters whose window ended before `before`, and links that expired before it. */
export async function deleteStaleAuthRecords(db: Executor, before: Date): Promise<number> {
  const counters = await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, before)).returning({ key: rateLimits.key });
  const links = await db.delete(actionTokens).where(lt(actionTokens.expiresAt, before)).returning({ id: actionTokens.id });
  return counters.length + links.length;
}
