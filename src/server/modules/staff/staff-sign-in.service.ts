import { staffPermissions, staffSignInInput, type StaffProfile, type StaffSignInForm } from '../../../shared/staff';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { CookieJar } from '../../http/cookies';
import { verifyPassword } from '../auth/password-hash';
import { endSession, MAX_SESSION_MS, startSession } from '../sessions/sessions.service';
import { hasPermission } from './permissions.service';
import { findStaffByEmail, findStaffById } from './staff.repository';

/** The back-office session cookie. */
export const STAFF_COOKIE = 'portal_staff';

/** Signs a staff member in and sets the session cookie; returns what the back office shows of them. */
export async function signInStaff(deps: Pick<Deps, 'db' | 'clock'>, form: StaffSignInForm, cookies: CookieJar): Promise<StaffProfile> {
  const { email, password } = staffSignInInput.parse(form);
  const member = await findStaffByEmail(deps.db, email);
  if (!member) throw new AppError('UserNotFound', { email });
  if (!(await verifyPassword(member.passwordHash, password))) throw new AppError('IncorrectPassword');
  if (member.disabled) throw new AppError('Unauthorized', { action: 'signIn', reason: 'accountDisabled' });
  cookies.set(STAFF_COOKIE, await startSession(deps, { staffId: member.id }), MAX_SESSION_MS);
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
