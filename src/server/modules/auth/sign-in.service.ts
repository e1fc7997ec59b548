import { signInInput, type SignInForm, type SignInResult } from '../../../shared/auth';
import type { Language } from '../../../shared/languages';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { CookieJar } from '../../http/cookies';
import { groupById, recordTermsAccepted, userByEmail, userById, type UserRow } from '../accounts/users.service';
import { queueMails, scheduleDelivery } from '../notifications/outbox.service';
import { getSecuritySettings } from '../settings/settings.service';
import { authLimits, type RequestInfo } from './auth.common';
import { accountMail, portalLink } from './auth.mail';
import { endMemberSession, missingActivation, pendingSteps, startMemberSession, takeSessionExpiredMarker } from './member-session.service';
import { verifyPassword } from './password-hash';
import { limitRate } from './rate-limit.service';
import { beginSignInAttempt, type SignInAttempt } from './sign-in-lock.service';
import { acceptSecondFactor } from './two-factor.service';

/**
 * Records a failed attempt (a wrong password or code at sign-in, a wrong current password); when it
 * locked the account for ten minutes, the member is mailed, in the same transaction.
 */
export async function recordFailedSignIn(deps: Deps, user: UserRow, attempt: SignInAttempt): Promise<void> {
  const now = deps.clock();
  const queued = await deps.db.transaction(async (tx) => {
    if (!(await attempt.failed(tx))) return undefined;
    const text = accountMail('locked', user.language as Language, {
      brand: deps.config.BRAND_NAME,
      name: user.name,
      attempts: String(authLimits.failedSignInsBeforeLock),
      minutes: String(authLimits.lockMs / 60_000),
      link: portalLink(deps.config, '/forgot-password', user.language as Language),
    });
    return { mailIds: await queueMails(tx, [{ kind: 'account.locked', recipient: user.email, ...text }], now), noticeIds: [] };
  });
  if (!queued) return;
  await scheduleDelivery(deps, queued);
  deps.log.warn({ userId: user.id }, 'member locked after repeated failed sign-ins');
}

/**
 * Signs a member in (spec section 5): the e-mail lower-cased; UserNotFound, IncorrectPassword,
 * Unauthorized (account disabled), shouldReadTerms until the terms are accepted, AccountNotActivated
 * with what is missing, then the authenticator code whenever the member has enrolled one. Every
 * attempt counts toward the account lock before the password is checked; a wrong code counts like a
 * wrong password. The session cookie is new on every sign-in.
 */
export async function signIn(deps: Deps, form: SignInForm, request: RequestInfo, cookies: CookieJar): Promise<SignInResult> {
  await limitRate(deps, 'signInPerIp', request.ip);
  const input = signInInput.parse(form);
  const user = await userByEmail(deps.db, input.email);
  if (!user) throw new AppError('UserNotFound', { email: input.email });
  const attempt = await beginSignInAttempt(deps, { kind: 'member', id: user.id });
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await recordFailedSignIn(deps, user, attempt);
    throw new AppError('IncorrectPassword');
  }
  const refusal = signInRefusal(user, input.acceptTerms);
  if (refusal) {
    await attempt.uncounted();
    throw refusal;
  }

  if (user.totpEnabledAt && user.totpSecret) {
    if (!input.totpCode && !input.recoveryCode) {
      await attempt.uncounted();
      return { status: 'totpRequired' };
    }
    if (!(await acceptSecondFactor(deps, user.id, user.totpSecret, input))) {
      await recordFailedSignIn(deps, user, attempt);
      throw new AppError('IncorrectValue', { field: input.totpCode ? 'totpCode' : 'recoveryCode' });
    }
  }

  const now = deps.clock();
  const settings = await getSecuritySettings(deps.db);
  const signedIn = user.termsAcceptedAt ? user : ((await recordTermsAccepted(deps.db, user.id, now)) ?? user);
  await attempt.succeeded();
  await startMemberSession(deps, cookies, user.id);
  deps.log.info({ userId: user.id }, 'member signed in');
  return { status: 'signedIn', language: signedIn.language as Language, pendingSteps: pendingSteps(signedIn, settings, now) };
}

/** Why a member with the right password may not sign in yet, in the spec's order; undefined when nothing stops them. */
function signInRefusal(user: UserRow, acceptTerms: boolean | undefined): AppError | undefined {
  if (user.disabled) return new AppError('Unauthorized', { action: 'signIn', reason: 'accountDisabled' });
  if (!user.termsAcceptedAt && !acceptTerms) return new AppError('shouldReadTerms');
  const missing = missingActivation(user);
  return missing.length > 0 ? new AppError('AccountNotActivated', { missing }) : undefined;
}

export async function signOut(deps: Pick<Deps, 'db'>, cookies: CookieJar): Promise<{ signedOut: true }> {
  await endMemberSession(deps, cookies);
  return { signedOut: true };
}

/** What the page needs to know of the visitor: the signed-in member, or whether an idle session just ended. */
export async function currentSession(deps: Pick<Deps, 'db' | 'clock'>, userId: string | undefined, cookies: CookieJar) {
  const expired = takeSessionExpiredMarker(cookies);
  if (!userId) return { member: null, expired };
  const user = await userById(deps.db, userId);
  if (!user) return { member: null, expired };
  const group = await groupById(deps.db, user.groupId);
  const settings = await getSecuritySettings(deps.db);
  return {
    expired: false,
    member: {
      id: user.id,
      name: user.name,
      email: user.email,
      language: user.language as Language,
      isGroupAdmin: user.isGroupAdmin,
      companyName: group?.companyName ?? '',
      totpEnabled: Boolean(user.totpEnabledAt),
      totpRequired: settings.userTotpVerify,
      pendingSteps: pendingSteps(user, settings, deps.clock()),
    },
  };
}
