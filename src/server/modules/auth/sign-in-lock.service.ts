import type { Deps } from '../../deps';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { authLimits } from './auth.common';
import { clearSignInFailures, countSignInAttempt, lockSignIns, uncountSignInAttempt } from './auth.repository';
import { minutesUntil } from './rate-limit.service';

/** Whose sign-ins are counted: a member or a staff member, each locked on their own. */
export type LockedAccount = { kind: 'member' | 'staff'; id: string };

function keyOf(account: LockedAccount): string {
  return `${account.kind}:${account.id}`;
}

/**
 * One sign-in attempt, counted before anything is checked so that parallel guesses from many
 * addresses all count (ASVS 2.2.1). `begin` refuses while the account is locked, and refuses an
 * attempt past the limit that parallel ones have not locked yet; the attempt then ends in one of:
 * `failed` (a wrong password or code: the limit's attempt locks the account and returns true),
 * `uncounted` (no guess: the right password on an account that is not usable yet, or a question
 * for the second factor) or `succeeded` (signed in: the run of failures starts again).
 */
export async function beginSignInAttempt(deps: Pick<Deps, 'db' | 'clock'>, account: LockedAccount): Promise<SignInAttempt> {
  const now = deps.clock();
  const key = keyOf(account);
  const { attempt, lockedUntil } = await countSignInAttempt(deps.db, key, now);
  if (lockedUntil && lockedUntil > now) throw new AppError('TooManyAttempts', { minutes: minutesUntil(now, lockedUntil) });
  if (attempt > authLimits.failedSignInsBeforeLock) throw new AppError('TooManyAttempts', { minutes: authLimits.lockMs / 60_000 });
  return {
    async failed(tx: Executor = deps.db) {
      if (attempt < authLimits.failedSignInsBeforeLock) return false;
      await lockSignIns(tx, key, new Date(deps.clock().getTime() + authLimits.lockMs));
      return true;
    },
    uncounted: () => uncountSignInAttempt(deps.db, key),
    succeeded: () => clearSignInFailures(deps.db, key),
  };
}

export interface SignInAttempt {
  /** Records the failure; true when this attempt locked the account (then the caller says so to its owner). */
  failed(tx?: Executor): Promise<boolean>;
  uncounted(): Promise<void>;
  succeeded(): Promise<void>;
}

/** Lifts a lock and forgets the failures, e.g. after a password reset. */
export function clearSignInLock(db: Executor, account: LockedAccount): Promise<void> {
  return clearSignInFailures(db, keyOf(account));
}
