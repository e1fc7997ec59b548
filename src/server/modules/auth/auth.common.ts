import { createHash } from 'node:crypto';
import type { Language } from '../../../shared/languages';

/** Limits of issue 3, part 7, and spec section 5. */
export const authLimits = {
  verificationLinkMs: 24 * 60 * 60_000,
  resetLinkMs: 60 * 60_000,
  /** A verification mail cannot be re-sent within this time (spec section 5). */
  resendWaitMs: 60_000,
  /** Verification and reset mails per address per hour. */
  mailsPerHour: 5,
  failedSignInsBeforeLock: 10,
  lockMs: 10 * 60_000,
  recoveryCodes: 10,
} as const;

/** Where a request comes from: the address the attempt limits count, and the language of any mail it sends. */
export interface RequestInfo {
  ip: string;
  language: Language;
}

/** Mailed-link tokens and recovery codes are stored as this hash, never as they are. */
export function secretHash(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
