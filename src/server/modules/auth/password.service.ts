import { changePasswordInput, emailOnlyInput, resetPasswordInput, type ChangePasswordForm, type ResetPasswordForm } from '../../../shared/auth';
import type { Language } from '../../../shared/languages';
import { meetsPasswordStrength, type PasswordStrength } from '../../../shared/passwords';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { groupById, setPasswordHash, userByEmail, userById, type UserRow } from '../accounts/users.service';
import { queueMails, scheduleDelivery } from '../notifications/outbox.service';
import { endOtherSessionsOfUser, endSessionsOfUser } from '../sessions/sessions.service';
import { getSecuritySettings } from '../settings/settings.service';
import { secretHash, type RequestInfo } from './auth.common';
import { accountMail, portalLink } from './auth.mail';
import { consumeActionToken, findActionToken, releaseActionToken, retireActionTokens } from './auth.repository';
import { issueActionToken, limitMailedLinks } from './mailed-links.service';
import { missingActivation } from './member-session.service';
import { hashPassword, verifyPassword } from './password-hash';
import { limitRate } from './rate-limit.service';
import { recordFailedSignIn } from './sign-in.service';
import { beginSignInAttempt, clearSignInLock } from './sign-in-lock.service';

/** The strength level new passwords must meet, so forms can say it before sending. */
export async function passwordPolicy(deps: Pick<Deps, 'db'>): Promise<{ passwordStrength: PasswordStrength }> {
  return { passwordStrength: (await getSecuritySettings(deps.db)).passwordStrength };
}

/** WeakPassword unless the password meets the strength level of the security settings. */
export async function requireStrongEnough(db: Executor, password: string): Promise<void> {
  const { passwordStrength } = await getSecuritySettings(db);
  if (!meetsPasswordStrength(password, passwordStrength)) throw new AppError('WeakPassword', { strength: passwordStrength });
}

/** Mails a reset link to a known, activated member; at most 5 an hour. */
export async function requestPasswordReset(deps: Deps, form: { email: string }, request: RequestInfo): Promise<{ sent: true }> {
  await limitRate(deps, 'resetPerIp', request.ip);
  const { email } = emailOnlyInput.parse(form);
  const user = await userByEmail(deps.db, email);
  if (!user) throw new AppError('UserNotFound', { email });
  if (user.disabled) throw new AppError('Unauthorized', { action: 'resetPassword', reason: 'accountDisabled' });
  const missing = missingActivation(user);
  if (missing.length > 0) throw new AppError('AccountNotActivated', { missing });
  const queued = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    await limitMailedLinks(tx, user.id, 'reset-password', now);
    const token = await issueActionToken(tx, user.id, 'reset-password', now);
    const text = accountMail('reset', user.language as Language, { brand: deps.config.BRAND_NAME, name: user.name, link: portalLink(deps.config, `/reset-password#token=${token}`, user.language as Language) });
    return { mailIds: await queueMails(tx, [{ kind: 'account.reset-password', recipient: user.email, ...text }], now), noticeIds: [] };
  });
  await scheduleDelivery(deps, queued);
  return { sent: true };
}

/**
 * Tells the platform first; only when it took the change does the portal store it, so a failed
 * platform update (Unknown) leaves both on the old password.
 */
async function updatePlatformPassword(deps: Pick<Deps, 'db' | 'platformAccounts' | 'log'>, user: UserRow, oldPassword: string | null, newPassword: string): Promise<void> {
  if (!user.platformUserId) return;
  try {
    const group = await groupById(deps.db, user.groupId);
    await deps.platformAccounts.changePassword({ platformUserIds: [user.platformUserId], domainKey: group?.domainKey ?? null, oldPassword, newPassword });
  } catch (error) {
    deps.log.error({ err: error, userId: user.id }, 'platform password change failed; the portal password is unchanged');
    throw new AppError('Unknown');
  }
}

/**
 * Sets a new password from a reset link (1 hour, once); every session of the member ends. The link
 * is claimed (used, atomically) before the platform hears of the change, so that an expired, used or
 * concurrently used link never reaches it; a platform failure gives the link back.
 */
export async function resetPassword(deps: Deps, form: ResetPasswordForm): Promise<{ email: string }> {
  const input = resetPasswordInput.parse(form);
  const tokenId = secretHash(input.token);
  const known = await findActionToken(deps.db, tokenId);
  if (!known || known.purpose !== 'reset-password' || known.usedAt || known.expiresAt <= deps.clock()) throw new AppError('ExpiredActionCode');
  await requireStrongEnough(deps.db, input.password);
  const user = await userById(deps.db, known.userId);
  if (!user) throw new AppError('ExpiredActionCode');
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock();
  if (!(await consumeActionToken(deps.db, tokenId, 'reset-password', now))) throw new AppError('ExpiredActionCode');
  try {
    await updatePlatformPassword(deps, user, null, input.password);
  } catch (error) {
    await releaseActionToken(deps.db, tokenId, now);
    throw error;
  }
  await deps.db.transaction(async (tx) => {
    await retireActionTokens(tx, user.id, 'reset-password', now);
    await setPasswordHash(tx, user.id, passwordHash, now);
    await clearSignInLock(tx, { kind: 'member', id: user.id });
    await endSessionsOfUser(tx, user.id);
  });
  deps.log.info({ userId: user.id }, 'password reset');
  return { email: user.email };
}

/**
 * Changes the signed-in member's password after checking the current one. A wrong current password
 * counts toward the account lock like a failed sign-in; a change ends every other session of the
 * member (ASVS 3.3.3), keeping the one it was made from (`sessionToken`).
 */
export async function changePassword(deps: Deps, userId: string, form: ChangePasswordForm, sessionToken: string | undefined): Promise<{ changed: true }> {
  const input = changePasswordInput.parse(form);
  const user = await userById(deps.db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  const attempt = await beginSignInAttempt(deps, { kind: 'member', id: user.id });
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await recordFailedSignIn(deps, user, attempt);
    throw new AppError('IncorrectPassword');
  }
  await attempt.uncounted();
  await requireStrongEnough(deps.db, input.password);
  const passwordHash = await hashPassword(input.password);
  await updatePlatformPassword(deps, user, input.currentPassword, input.password);
  await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash, deps.clock());
    await endOtherSessionsOfUser(tx, user.id, sessionToken);
  });
  deps.log.info({ userId: user.id }, 'password changed');
  return { changed: true };
}
