import { verify } from '@node-rs/argon2';
import { TRPCError } from '@trpc/server';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';
import { changePasswordInput, confirmTotpInput, emailOnlyInput, resetPasswordInput, signInInput, signupInput, verifyEmailInput, type ChangePasswordForm, type ResetPasswordForm, type SignInForm, type SignupForm } from '../../../shared/auth';
import type { Language } from '../../../shared/languages';
import { meetsPasswordStrength } from '../../../shared/passwords';
import { pgErrorCode, type Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { CookieJar } from '../../http/cookies';
import { findGroupById, findUserByEmail, findUserById, groupIdExists, insertGroup, insertUser, updateUser, type UserRow } from '../accounts/accounts.repository';
import { queueChatNotice, queueMails, scheduleDelivery, type Queued } from '../notifications/outbox.service';
import { getSecuritySettings } from '../settings/settings.service';
import { hashPassword, staffHolding } from '../staff/staff.service';
import { accountMail, portalLink, staffMailForRegistration } from './auth.mail';
import {
  actionTokenTimesSince,
  addFailedSignIn,
  clearFailedSignIns,
  consumeActionToken,
  consumeRecoveryCode,
  countUnusedRecoveryCodes,
  deleteUserSessions,
  findActionToken,
  findMemberSecurity,
  insertActionToken,
  lockMember,
  replaceRecoveryCodes,
  retireActionTokens,
  useTotpStep,
  type ActionPurpose,
} from './auth.repository';
import { endMemberSession, missingActivation, pendingSteps, startMemberSession, takeSessionExpiredMarker } from './member-session.service';
import { limitRate, minutesUntil } from './rate-limit.service';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp';

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

export interface RequestInfo {
  ip: string;
  language: Language;
}

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

/** A refusal of one form field, sent like any other bad input (InvalidInput with its field message). */
function fieldError(field: string, message: string): TRPCError {
  // Built by a failing parse, so that it is the same kind of ZodError as the input validation's.
  const refusal = z.object({ [field]: z.unknown().refine(() => false, { error: message }) }).safeParse({ [field]: null });
  return new TRPCError({ code: 'BAD_REQUEST', cause: refusal.error });
}

async function requireStrongEnough(db: Executor, password: string): Promise<void> {
  const { passwordStrength } = await getSecuritySettings(db);
  if (!meetsPasswordStrength(password, passwordStrength)) throw new AppError('WeakPassword', { strength: passwordStrength });
}

const GROUP_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** 14 random uppercase letters or digits (spec section 9). */
export function newGroupId(): string {
  return Array.from({ length: 14 }, () => GROUP_ID_ALPHABET[randomInt(GROUP_ID_ALPHABET.length)]).join('');
}

async function uniqueGroupId(db: Executor): Promise<string> {
  for (;;) {
    const id = newGroupId();
    if (!(await groupIdExists(db, id))) return id;
  }
}

/** A new mailed link: the random token goes in the mail, its hash in the database. */
async function issueActionToken(db: Executor, userId: string, purpose: ActionPurpose, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const lifetime = purpose === 'verify-email' ? authLimits.verificationLinkMs : authLimits.resetLinkMs;
  await insertActionToken(db, { id: hashOf(token), userId, purpose, createdAt: now, expiresAt: new Date(now.getTime() + lifetime) });
  return token;
}

/** At most `mailsPerHour` links of a kind per address; the verification mail also waits a minute between sends. */
async function limitMailedLinks(db: Executor, user: UserRow, purpose: ActionPurpose, now: Date): Promise<void> {
  const sent = await actionTokenTimesSince(db, user.id, purpose, new Date(now.getTime() - 60 * 60_000));
  const latest = sent.at(-1);
  if (purpose === 'verify-email' && latest && now.getTime() - latest.getTime() < authLimits.resendWaitMs) throw new AppError('VerificationMailTooSoon');
  if (sent.length >= authLimits.mailsPerHour) {
    const oldest = sent[sent.length - authLimits.mailsPerHour]!;
    throw new AppError('TooManyAttempts', { minutes: minutesUntil(now, new Date(oldest.getTime() + 60 * 60_000)) });
  }
}

function verificationMail(deps: Deps, user: UserRow, company: string, token: string) {
  const text = accountMail('verification', user.language as Language, {
    brand: deps.config.BRAND_NAME,
    name: user.name,
    company,
    link: portalLink(deps.config, `/verify-email#token=${token}`),
  });
  return { kind: 'account.verify-email', recipient: user.email, ...text };
}

/**
 * Registers an enterprise: its group (status 0, a new 14-character id) and the administrator user
 * (status 0, group admin, team limit 1, terms accepted), then mails the verification link to the
 * customer and tells staff holding activate_account, all in one transaction.
 */
export async function signUp(deps: Deps, form: SignupForm, request: RequestInfo): Promise<{ email: string }> {
  await limitRate(deps, 'signUpPerIp', request.ip);
  const input = signupInput.parse(form);
  if (await findUserByEmail(deps.db, input.email)) throw fieldError('email', 'validation.emailTaken');
  await requireStrongEnough(deps.db, input.password);
  const passwordHash = await hashPassword(input.password);
  let queued: Queued;
  try {
    queued = await deps.db.transaction(async (tx) => {
      const now = deps.clock();
      const group = await insertGroup(tx, {
        id: await uniqueGroupId(tx),
        status: 0,
        companyName: input.companyName,
        taxId: input.taxId,
        contactPersonName: input.name,
        contactPersonTel: input.phone,
        contactPersonEmail: input.email,
        createdAt: now,
        updatedAt: now,
      });
      const user = await insertUser(tx, {
        name: input.name,
        email: input.email,
        passwordHash,
        passwordChangedAt: now,
        status: 0,
        groupId: group.id,
        isGroupAdmin: true,
        createTeamLimit: 1,
        termsAcceptedAt: now,
        language: request.language,
        createdAt: now,
        updatedAt: now,
      });
      const token = await issueActionToken(tx, user.id, 'verify-email', now);
      const staffTexts = staffMailForRegistration({
        brand: deps.config.BRAND_NAME,
        company: group.companyName,
        taxId: input.taxId,
        name: user.name,
        email: user.email,
        phone: input.phone,
        language: request.language,
      });
      const staffRecipients = deps.config.MAIL_NOTIFICATIONS ? await staffHolding(tx, 'activate_account') : [];
      const mailIds = await queueMails(
        tx,
        [
          verificationMail(deps, user, group.companyName, token),
          ...staffRecipients.map((member) => ({ kind: 'account.registered.staff', recipient: member.email, subject: staffTexts.subject, body: staffTexts.body })),
        ],
        now,
      );
      const noticeIds = deps.config.CHAT_NOTIFICATIONS ? [await queueChatNotice(tx, 'account.registered.staff', staffTexts.chat, now)] : [];
      return { mailIds, noticeIds };
    });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the second meets the unique index.
    if (pgErrorCode(error) === '23505') throw fieldError('email', 'validation.emailTaken');
    throw error;
  }
  await scheduleDelivery(deps, queued);
  deps.log.info({ email: input.email }, 'enterprise registered');
  return { email: input.email };
}

/** Sends a new verification link: not within a minute of the last one, at most 5 an hour. */
export async function resendVerification(deps: Deps, form: { email: string }, request: RequestInfo): Promise<{ alreadyVerified: boolean }> {
  await limitRate(deps, 'verificationPerIp', request.ip);
  const { email } = emailOnlyInput.parse(form);
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.disabled) throw new AppError('UserNotFound', { email });
  if (user.emailVerifiedAt) return { alreadyVerified: true };
  const group = await findGroupById(deps.db, user.groupId);
  const queued = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    await limitMailedLinks(tx, user, 'verify-email', now);
    const token = await issueActionToken(tx, user.id, 'verify-email', now);
    return { mailIds: await queueMails(tx, [verificationMail(deps, user, group?.companyName ?? '', token)], now), noticeIds: [] };
  });
  await scheduleDelivery(deps, queued);
  return { alreadyVerified: false };
}

/** Opens a verification link: once, within 24 hours; ExpiredActionCode otherwise. */
export async function verifyEmail(deps: Pick<Deps, 'db' | 'clock' | 'log'>, form: { token: string }): Promise<{ email: string; activated: boolean }> {
  const { token } = verifyEmailInput.parse(form);
  const user = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const used = await consumeActionToken(tx, hashOf(token), 'verify-email', now);
    if (!used) throw new AppError('ExpiredActionCode');
    await retireActionTokens(tx, used.userId, 'verify-email', now);
    const current = await findUserById(tx, used.userId);
    return updateUser(tx, used.userId, { emailVerifiedAt: current?.emailVerifiedAt ?? now, updatedAt: now });
  });
  if (!user) throw new AppError('ExpiredActionCode');
  deps.log.info({ userId: user.id }, 'e-mail verified');
  return { email: user.email, activated: user.status === 1 };
}

async function recordFailedSignIn(deps: Deps, user: UserRow): Promise<void> {
  const failed = await addFailedSignIn(deps.db, user.id);
  if (failed < authLimits.failedSignInsBeforeLock) return;
  const now = deps.clock();
  const queued = await deps.db.transaction(async (tx) => {
    await lockMember(tx, user.id, new Date(now.getTime() + authLimits.lockMs));
    const text = accountMail('locked', user.language as Language, {
      brand: deps.config.BRAND_NAME,
      name: user.name,
      attempts: String(authLimits.failedSignInsBeforeLock),
      minutes: String(authLimits.lockMs / 60_000),
      link: portalLink(deps.config, '/forgot-password'),
    });
    return { mailIds: await queueMails(tx, [{ kind: 'account.locked', recipient: user.email, ...text }], now), noticeIds: [] };
  });
  await scheduleDelivery(deps, queued);
  deps.log.warn({ userId: user.id }, 'member locked after repeated failed sign-ins');
}

export type SignInResult = { status: 'totpRequired' } | { status: 'signedIn'; language: Language; pendingSteps: ReturnType<typeof pendingSteps> };

/**
 * Signs a member in (spec section 5): the e-mail lower-cased; UserNotFound, IncorrectPassword,
 * Unauthorized (account disabled), shouldReadTerms until the terms are accepted, AccountNotActivated
 * with what is missing, then the authenticator code when the settings require it. The session cookie
 * is new on every sign-in.
 */
export async function signIn(deps: Deps, form: SignInForm, request: RequestInfo, cookies: CookieJar): Promise<SignInResult> {
  await limitRate(deps, 'signInPerIp', request.ip);
  const input = signInInput.parse(form);
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) throw new AppError('UserNotFound', { email: input.email });
  const now = deps.clock();
  const security = await findMemberSecurity(deps.db, user.id);
  if (security?.lockedUntil && security.lockedUntil > now) throw new AppError('TooManyAttempts', { minutes: minutesUntil(now, security.lockedUntil) });
  if (!(await verify(user.passwordHash, input.password))) {
    await recordFailedSignIn(deps, user);
    throw new AppError('IncorrectPassword');
  }
  if (user.disabled) throw new AppError('Unauthorized', { action: 'signIn', reason: 'accountDisabled' });
  if (!user.termsAcceptedAt && !input.acceptTerms) throw new AppError('shouldReadTerms');
  const missing = missingActivation(user);
  if (missing.length > 0) throw new AppError('AccountNotActivated', { missing });

  const settings = await getSecuritySettings(deps.db);
  if (settings.userTotpVerify && user.totpEnabledAt && user.totpSecret) {
    if (!input.totpCode && !input.recoveryCode) return { status: 'totpRequired' };
    const accepted = input.totpCode
      ? await acceptTotpCode(deps, user.id, user.totpSecret, input.totpCode)
      : await consumeRecoveryCode(deps.db, user.id, hashOf(input.recoveryCode!), now);
    if (!accepted) {
      await recordFailedSignIn(deps, user);
      throw new AppError('IncorrectValue', { field: input.totpCode ? 'totpCode' : 'recoveryCode' });
    }
  }

  const signedIn = user.termsAcceptedAt ? user : ((await updateUser(deps.db, user.id, { termsAcceptedAt: now, updatedAt: now })) ?? user);
  await clearFailedSignIns(deps.db, user.id);
  await startMemberSession(deps, cookies, user.id);
  deps.log.info({ userId: user.id }, 'member signed in');
  return { status: 'signedIn', language: signedIn.language as Language, pendingSteps: pendingSteps(signedIn, settings, now) };
}

async function acceptTotpCode(deps: Pick<Deps, 'db' | 'clock'>, userId: string, secret: string, code: string): Promise<boolean> {
  const step = matchTotp(secret, code, deps.clock());
  if (step === undefined) return false;
  return useTotpStep(deps.db, userId, step);
}

export async function signOut(deps: Pick<Deps, 'db'>, cookies: CookieJar): Promise<{ signedOut: true }> {
  await endMemberSession(deps, cookies);
  return { signedOut: true };
}

/** What the page needs to know of the visitor: the signed-in member, or whether an idle session just ended. */
export async function currentSession(deps: Pick<Deps, 'db' | 'clock'>, userId: string | undefined, cookies: CookieJar) {
  const expired = takeSessionExpiredMarker(cookies);
  if (!userId) return { member: null, expired };
  const user = await findUserById(deps.db, userId);
  if (!user) return { member: null, expired };
  const group = await findGroupById(deps.db, user.groupId);
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

/** Mails a reset link to a known, activated member; at most 5 an hour. */
export async function requestPasswordReset(deps: Deps, form: { email: string }, request: RequestInfo): Promise<{ sent: true }> {
  await limitRate(deps, 'resetPerIp', request.ip);
  const { email } = emailOnlyInput.parse(form);
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw new AppError('UserNotFound', { email });
  if (user.disabled) throw new AppError('Unauthorized', { action: 'resetPassword', reason: 'accountDisabled' });
  const missing = missingActivation(user);
  if (missing.length > 0) throw new AppError('AccountNotActivated', { missing });
  const queued = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    await limitMailedLinks(tx, user, 'reset-password', now);
    const token = await issueActionToken(tx, user.id, 'reset-password', now);
    const text = accountMail('reset', user.language as Language, { brand: deps.config.BRAND_NAME, name: user.name, link: portalLink(deps.config, `/reset-password#token=${token}`) });
    return { mailIds: await queueMails(tx, [{ kind: 'account.reset-password', recipient: user.email, ...text }], now), noticeIds: [] };
  });
  await scheduleDelivery(deps, queued);
  return { sent: true };
}

/**
 * Tells the platform first; only when it took the change does the portal store it, so a failed
 * platform update (Unknown) leaves both on the old password.
 */
async function updatePlatformPassword(deps: Pick<Deps, 'platformAccounts' | 'log'>, user: UserRow, oldPassword: string | null, newPassword: string): Promise<void> {
  if (!user.platformUserId) return;
  try {
    await deps.platformAccounts.changePassword({ platformUserIds: [user.platformUserId], oldPassword, newPassword });
  } catch (error) {
    deps.log.error({ err: error, userId: user.id }, 'platform password change failed; the portal password is unchanged');
    throw new AppError('Unknown');
  }
}

/** Sets a new password from a reset link (1 hour, once); every session of the member ends. */
export async function resetPassword(deps: Deps, form: ResetPasswordForm): Promise<{ email: string }> {
  const input = resetPasswordInput.parse(form);
  const now = deps.clock();
  const link = await findActionToken(deps.db, hashOf(input.token));
  if (!link || link.purpose !== 'reset-password' || link.usedAt || link.expiresAt <= now) throw new AppError('ExpiredActionCode');
  await requireStrongEnough(deps.db, input.password);
  const user = await findUserById(deps.db, link.userId);
  if (!user) throw new AppError('ExpiredActionCode');
  const passwordHash = await hashPassword(input.password);
  await updatePlatformPassword(deps, user, null, input.password);
  await deps.db.transaction(async (tx) => {
    if (!(await consumeActionToken(tx, link.id, 'reset-password', now))) throw new AppError('ExpiredActionCode');
    await retireActionTokens(tx, user.id, 'reset-password', now);
    await updateUser(tx, user.id, { passwordHash, passwordChangedAt: now, updatedAt: now });
    await clearFailedSignIns(tx, user.id);
    await deleteUserSessions(tx, user.id);
  });
  deps.log.info({ userId: user.id }, 'password reset');
  return { email: user.email };
}

/** Changes the signed-in member's password after checking the current one. */
export async function changePassword(deps: Deps, userId: string, form: ChangePasswordForm): Promise<{ changed: true }> {
  const input = changePasswordInput.parse(form);
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  if (!(await verify(user.passwordHash, input.currentPassword))) throw new AppError('IncorrectPassword');
  await requireStrongEnough(deps.db, input.password);
  const passwordHash = await hashPassword(input.password);
  await updatePlatformPassword(deps, user, input.currentPassword, input.password);
  const now = deps.clock();
  await updateUser(deps.db, user.id, { passwordHash, passwordChangedAt: now, updatedAt: now });
  deps.log.info({ userId: user.id }, 'password changed');
  return { changed: true };
}

/** Starts enrolling an authenticator: a new secret (pending until confirmed) and its QR code. */
export async function beginTotpEnrolment(deps: Pick<Deps, 'db' | 'clock' | 'config'>, userId: string) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  // An enrolled authenticator is not replaced from a session alone: that would let a stolen session switch it off.
  if (user.totpEnabledAt) throw new AppError('OperationError', { reason: 'totpAlreadyEnabled' });
  const secret = newTotpSecret();
  await updateUser(deps.db, user.id, { totpSecret: secret, totpEnabledAt: null, updatedAt: deps.clock() });
  const url = otpauthUrl({ secret, account: user.email, issuer: deps.config.BRAND_NAME });
  // Loaded when needed: the CLI and most requests never draw a QR code.
  const { default: QRCode } = await import('qrcode');
  return { secret, otpauthUrl: url, qrCode: await QRCode.toDataURL(url, { margin: 1, width: 220 }) };
}

/** Confirms the enrolment with a first code; returns the recovery codes, which are shown this once. */
export async function confirmTotpEnrolment(deps: Pick<Deps, 'db' | 'clock' | 'log'>, userId: string, form: { code: string }): Promise<{ recoveryCodes: string[] }> {
  const { code } = confirmTotpInput.parse(form);
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  if (!user.totpSecret || user.totpEnabledAt) throw new AppError('ExpiredActionCode');
  if (!(await acceptTotpCode(deps, user.id, user.totpSecret, code))) throw new AppError('IncorrectValue', { field: 'code' });
  const recoveryCodes = Array.from({ length: authLimits.recoveryCodes }, () => {
    const raw = randomBytes(8).toString('base64url').replace(/[^A-Za-z0-9]/g, 'X').slice(0, 10).toUpperCase();
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    await updateUser(tx, user.id, { totpEnabledAt: now, updatedAt: now });
    await replaceRecoveryCodes(tx, user.id, recoveryCodes.map((value) => hashOf(value.replace('-', ''))));
  });
  deps.log.info({ userId: user.id }, 'authenticator enrolled');
  return { recoveryCodes };
}

export async function totpStatus(deps: Pick<Deps, 'db'>, userId: string) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  return { enabled: Boolean(user.totpEnabledAt), recoveryCodesLeft: user.totpEnabledAt ? await countUnusedRecoveryCodes(deps.db, user.id) : 0 };
}
