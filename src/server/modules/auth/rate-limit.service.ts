import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { authLimits } from './auth.common';
import { countAttempt, deleteStaleAuthRecords } from './auth.repository';

/**
 * Brute-force limits (issue 3, part 7), counted in PostgreSQL so that they hold across processes.
 * Each is a number of requests in a fixed window; the refusal says how many minutes to wait.
 */
export const rateLimitRules = {
  signInPerIp: { limit: 10, windowMs: 60_000 },
  staffSignInPerIp: { limit: 10, windowMs: 60_000 },
  signUpPerIp: { limit: 10, windowMs: 60_000 },
  resetPerIp: { limit: 10, windowMs: 60_000 },
  verificationPerIp: { limit: 10, windowMs: 60_000 },
  contactPerIp: { limit: 10, windowMs: 60_000 },
  /** Verification mails per address, counted whether or not the address has an account (so the answers tell nothing). */
  verificationWaitPerAddress: { limit: 1, windowMs: authLimits.resendWaitMs },
  verificationPerAddress: { limit: authLimits.mailsPerHour, windowMs: 60 * 60_000 },
} as const;
export type RateLimitRule = keyof typeof rateLimitRules;

/**
 * Counts one request of `rule` for `subject` (an IP address or an e-mail's hash); past the limit,
 * TooManyAttempts, or the `refusal` given.
 */
export async function limitRate(deps: Pick<Deps, 'db' | 'clock'>, rule: RateLimitRule, subject: string, refusal?: AppError): Promise<void> {
  const { limit, windowMs } = rateLimitRules[rule];
  const now = deps.clock();
  const { count, windowStartedAt } = await countAttempt(deps.db, `${rule}:${subject}`, now, windowMs);
  if (count > limit) throw refusal ?? new AppError('TooManyAttempts', { minutes: minutesUntil(now, new Date(windowStartedAt.getTime() + windowMs)) });
}

/** Whole minutes from `now` to `until`, rounded up, at least 1 (spec section 9: seconds to minutes rounded up). */
export function minutesUntil(now: Date, until: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

/**
 * Removes attempt counters and mailed links older than a day: every window is shorter than that, and
 * the per-address mail limit looks back one hour only.
 */
export async function purgeStaleAuthRecords(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  return deleteStaleAuthRecords(deps.db, new Date(deps.clock().getTime() - 24 * 60 * 60_000));
}
