import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { authLimits, secretHash } from './auth.common';
import { actionTokenTimesSince, insertActionToken, type ActionPurpose } from './auth.repository';
import { minutesUntil } from './rate-limit.service';
import { lockUser } from '../accounts/users.service';

/** A new mailed link (e-mail verification or password reset): the random token goes in the mail, its hash in the database. */
export async function issueActionToken(db: Executor, userId: string, purpose: ActionPurpose, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const lifetime = purpose === 'verify-email' ? authLimits.verificationLinkMs : authLimits.resetLinkMs;
  await insertActionToken(db, { id: secretHash(token), userId, purpose, createdAt: now, expiresAt: new Date(now.getTime() + lifetime) });
  return token;
}

/**
 * At most `mailsPerHour` links of a kind per address; the verification mail also waits a minute
 * between sends. Takes the member's row lock in `tx`, so that parallel requests count one another's links.
 */
export async function limitMailedLinks(tx: Executor, userId: string, purpose: ActionPurpose, now: Date): Promise<void> {
  await lockUser(tx, userId);
  const sent = await actionTokenTimesSince(tx, userId, purpose, new Date(now.getTime() - 60 * 60_000));
  const latest = sent.at(-1);
  if (purpose === 'verify-email' && latest && now.getTime() - latest.getTime() < authLimits.resendWaitMs) throw new AppError('VerificationMailTooSoon');
  if (sent.length >= authLimits.mailsPerHour) {
    const oldest = sent[sent.length - authLimits.mailsPerHour]!;
    throw new AppError('TooManyAttempts', { minutes: minutesUntil(now, new Date(oldest.getTime() + 60 * 60_000)) });
  }
}
