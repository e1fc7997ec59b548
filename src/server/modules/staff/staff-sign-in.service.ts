import { staffPermissions, staffSignInInput, type StaffSignInForm } from '../../../shared/staff';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { verifyPassword } from '../auth/password-hash';
import { endSession, MAX_SESSION_MS, startSession } from '../sessions/sessions.service';
import { hasPermission } from './permissions.service';
import { findStaffByEmail, findStaffById, type StaffRow } from './staff.repository';

/** The back-office session cookie. */
export const STAFF_COOKIE = 'portal_staff';
export const staffSessionMaxAgeMs = MAX_SESSION_MS;

export async function signInStaff(deps: Pick<Deps, 'db' | 'clock'>, form: StaffSignInForm): Promise<{ token: string; staff: StaffRow }> {
  const { email, password } = staffSignInInput.parse(form);
  const member = await findStaffByEmail(deps.db, email);
  if (!member) throw new AppError('UserNotFound', { email });
  if (!(await verifyPassword(member.passwordHash, password))) throw new AppError('IncorrectPassword');
  if (member.disabled) throw new AppError('Unauthorized', { action: 'signIn', reason: 'accountDisabled' });
  return { token: await startSession(deps, { staffId: member.id }), staff: member };
}

export async function signOutStaff(deps: Pick<Deps, 'db'>, token: string | undefined): Promise<void> {
  await endSession(deps, token);
}

/** What the back office shows of the signed-in staff member. */
export async function staffProfile(deps: Pick<Deps, 'db'>, staffId: string) {
  const member = await findStaffById(deps.db, staffId);
  if (!member || member.disabled) throw new AppError('MissingAuthentication');
  return {
    id: member.id,
    email: member.email,
    name: member.name,
    super: member.super,
    permissions: staffPermissions.filter((permission) => hasPermission(member, permission)),
  };
}
