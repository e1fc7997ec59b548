import { staffPermissions, staffSignInInput, type StaffProfile, type StaffSignInForm } from '../../../shared/staff';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { CookieJar } from '../../http/cookies';
import { randomBytes } from 'node:crypto';
import type { RequestInfo } from '../auth/auth.common';
import { hashPassword, verifyPassword } from '../auth/password-hash';
import { limitRate } from '../auth/rate-limit.service';
import { beginSignInAttempt } from '../auth/sign-in-lock.service';
import { endSession, MAX_SESSION_MS, startSession } from '../sessions/sessions.service';
import { hasPermission } from './permissions.service';
import { findStaffByEmail, findStaffById } from './staff.repository';

/** The back-office session cookie. */
export const STAFF_COOKIE = 'portal_staff';

/** Checked when no staff member has the address, so that an unknown address takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined;

/**
 * Signs a staff member in and sets a new session cookie, ending the one the cookie held; returns what
 * the back office shows of them. The same per-address limit and per-account lock as members (staff
 * are the more valuable target); an unknown address and a wrong password get one neutral answer,
 * IncorrectCredentials; a disabled account is refused before any session exists.
 */
export async function signInStaff(deps: Pick<Deps, 'db' | 'clock' | 'log'>, form: StaffSignInForm, request: Pick<RequestInfo, 'ip'>, cookies: CookieJar): Promise<StaffProfile> {
  await limitRate(deps, 'staffSignInPerIp', request.ip);
  const { email, password } = staffSignInInput.parse(form);
  const member = await findStaffByEmail(deps.db, email);
  if (!member) {
    await verifyPassword(await (decoyHash ??= hashPassword(randomBytes(16).toString('hex'))), password);
    throw new AppError('IncorrectCredentials');
  }
  const attempt = await beginSignInAttempt(deps, { kind: 'staff', id: member.id });
  if (!(await verifyPassword(member.passwordHash, password))) {
    if (await attempt.failed()) deps.log.warn({ staffId: member.id }, 'staff member locked after repeated failed sign-ins');
    throw new AppError('IncorrectCredentials');
  }
  if (member.disabled) {
    await attempt.uncounted();
    throw new AppError('Unauthorized', { action: 'signIn', reason: 'accountDisabled' });
  }
  await attempt.succeeded();
  await endSession(deps, cookies.get(STAFF_COOKIE));
  cookies.set(STAFF_COOKIE, await startSession(deps, { staffId: member.id }), MAX_SESSION_MS);
  deps.log.info({ staffId: member.id }, 'staff member signed in');
  return staffProfile(deps, member.id);
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
