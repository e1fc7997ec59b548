import { staffPermissions, staffSignInInput, type StaffProfile, type StaffSignInForm, type StaffSignInResult } from '../../../shared/staff';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { CookieJar } from '../../http/cookies';
import { randomBytes } from 'node:crypto';
import type { RequestInfo } from '../auth/auth.common';
import { hashPassword, verifyPassword } from '../auth/password-hash';
import { limitRate } from '../auth/rate-limit.service';
import { beginSignInAttempt, type SignInAttempt } from '../auth/sign-in-lock.service';
import { acceptSecondFactor, finishEnrolment, startEnrolment } from '../auth/two-factor.service';
import { endSession, MAX_SESSION_MS, startSession } from '../sessions/sessions.service';
import { hasPermission } from './permissions.service';
import { findStaffByEmail, findStaffById, type StaffRow } from './staff.repository';
import { staffSecondFactor } from './staff-totp.service';

/** The back-office session cookie. */
export const STAFF_COOKIE = 'portal_staff';

/** Checked when no staff member has the address, so that an unknown address takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined;

type SignInDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'config' | 'totpKey'>;

/**
 * Signs a staff member in and sets a new session cookie, ending the one the cookie held. The same
 * per-address limit and per-account lock as members (staff are the more valuable target); an unknown
 * address and a wrong password get one neutral answer, IncorrectCredentials; a disabled account is
 * refused before any session exists. Staff must use an authenticator: after the password, its code
 * (or a recovery code); without one yet, the enrolment step, confirmed by a first code in a second
 * call with the password. A wrong code counts toward the lock like a wrong password.
 */
export async function signInStaff(deps: SignInDeps, form: StaffSignInForm, request: Pick<RequestInfo, 'ip'>, cookies: CookieJar): Promise<StaffSignInResult> {
  await limitRate(deps, 'staffSignInPerIp', request.ip);
  const input = staffSignInInput.parse(form);
  const member = await findStaffByEmail(deps.db, input.email);
  if (!member) {
    await verifyPassword(await (decoyHash ??= hashPassword(randomBytes(16).toString('hex'))), input.password);
    throw new AppError('IncorrectCredentials');
  }
  const attempt = await beginSignInAttempt(deps, { kind: 'staff', id: member.id });
  if (!(await verifyPassword(member.passwordHash, input.password))) await failed(deps, member, attempt, new AppError('IncorrectCredentials'));
  if (member.disabled) {
    await attempt.uncounted();
    throw new AppError('Unauthorized', { action: 'signIn', reason: 'accountDisabled' });
  }

  let recoveryCodes: string[] | undefined;
  if (member.totpEnabledAt && member.totpSecret) {
    if (!input.totpCode && !input.recoveryCode) {
      await attempt.uncounted();
      return { status: 'totpRequired' };
    }
    if (!(await acceptSecondFactor(deps, member.id, member.totpSecret, input, staffSecondFactor))) {
      await failed(deps, member, attempt, new AppError('IncorrectValue', { field: input.totpCode ? 'totpCode' : 'recoveryCode' }));
    }
  } else {
    if (!input.totpCode || !member.totpSecret) {
      await attempt.uncounted();
      return { status: 'totpEnrolment', ...(await startEnrolment(deps, staffSecondFactor, member)) };
    }
    recoveryCodes = await finishEnrolment(deps, staffSecondFactor, member.id, member.totpSecret, input.totpCode);
    if (!recoveryCodes) await failed(deps, member, attempt, new AppError('IncorrectValue', { field: 'totpCode' }));
    deps.log.info({ staffId: member.id }, 'staff authenticator enrolled');
  }

  await attempt.succeeded();
  await endSession(deps, cookies.get(STAFF_COOKIE));
  cookies.set(STAFF_COOKIE, await startSession(deps, { staffId: member.id }), MAX_SESSION_MS);
  deps.log.info({ staffId: member.id }, 'staff member signed in');
  return { status: 'signedIn', staff: await staffProfile(deps, member.id), ...(recoveryCodes ? { recoveryCodes } : {}) };
}

/** Counts a wrong password or code toward the lock (logging the lock it causes) and refuses with `refusal`. */
async function failed(deps: Pick<Deps, 'log'>, member: StaffRow, attempt: SignInAttempt, refusal: AppError): Promise<never> {
  if (await attempt.failed()) deps.log.warn({ staffId: member.id }, 'staff member locked after repeated failed sign-ins');
  throw refusal;
}

export async function signOutStaff(deps: Pick<Deps, 'db'>, cookies: CookieJar): Promise<{ signedOut: true }> {
  await endSession(deps, cookies.get(STAFF_COOKIE));
  cookies.clear(STAFF_COOKIE);
  return { signedOut: true };
}

/** What the back office shows of the signed-in staff member; MissingAuthentication without one. */
export async function staffProfile(deps: Pick<Deps, 'db'>, staffId: string | undefined): Promise<StaffProfile> {
  const member = staffId ? await findStaffById(deps.db, staffId) : undefined;
  if (!member || member.disabled) throw new AppError('MissingAuthentication');
  return {
    id: member.id,
    email: member.email,
    name: member.name,
    super: member.super,
    permissions: staffPermissions.filter((permission) => hasPermission(member, permission)),
  };
}

/** The signed-in staff member or null: the back office asks before drawing anything. */
export async function staffSession(deps: Pick<Deps, 'db'>, staffId: string | undefined): Promise<{ staff: StaffProfile | null }> {
  if (!staffId) return { staff: null };
  const member = await findStaffById(deps.db, staffId);
  if (!member || member.disabled) return { staff: null };
  return { staff: await staffProfile(deps, staffId) };
}
