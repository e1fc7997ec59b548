import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { authLimits, secretHash } from './auth.common';
import { actionTokenTimesSince, insertActionToken, type ActionPurpose } from './auth.repository';
import { limitRate, minutesUntil } from './rate-limit.service';
import type { Deps } from '../../deps';
import { lockUser } from '../accounts/users.service';

/** A new mailed link (e-mail verification or password reset): the random token goes in the mail, its hash in the database. */
export async function issueActionToken(db: Executor, userId: string, purpose: ActionPurpose, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const lifetime = purpose === 'verify-email' ? authLimits.verificationLinkMs : authLimits.resetLinkMs;
  await insertActionToken(db, { id: secretHash(token), userId, purpose, createdAt: now, expiresAt: new Date(now.getTime() + lifetime) });
  return token;
}

/**
 * At most `mailsPerHour` reset links per member. Takes the member's row lock in `tx`, so that
 * parallel requests count one another's links.
 */
export async function limitMailedLinks(tx: Executor, userId: string, purpose: ActionPurpose, now: Date): Promise<void> {
  await lockUser(tx, userId);
  const sent = await actionTokenTimesSince(tx, userId, purpose, new Date(now.getTime() - 60 * 60_000));
  if (sent.length >= authLimits.mailsPerHour) {
    const oldest = sent[sent.length - authLimits.mailsPerHour]!;
    throw new AppError('TooManyAttempts', { minutes: minutesUntil(now, new Date(oldest.getTime() + 60 * 60_000)) });
  }
}

/**
 * Verification mails to one address: not within a minute of the last, at most 5 an hour. Counted
 * per address (its hash) before anything is looked up, for addresses with and without an account
 * alike, so that the answers of the re-send form tell nobody which addresses are registered; the
 * counters are atomic, so parallel requests send one mail.
 */
export async function limitVerificationMails(deps: Pick<Deps, 'db' | 'clock'>, email: string): Promise<void> {
  await limitRate(deps, 'verificationWaitPerAddress', secretHash(email), new AppError('VerificationMailTooSoon'));
  await limitRate(deps, 'verificationPerAddress', secretHash(email));
}

/** Counts the mail of a sign-up toward its address's limits, without refusing it. */
export async function countVerificationMail(deps: Pick<Deps, 'db' | 'clock'>, email: string): Promise<void> {
  const counted = (rule: 'verificationWaitPerAddress' | 'verificationPerAddress') =>
    limitRate(deps, rule, secretHash(email)).catch((error: unknown) => {
      if (!(error instanceof AppError)) throw error;
    });
  await counted('verificationWaitPerAddress');
  await counted('verificationPerAddress');
}
