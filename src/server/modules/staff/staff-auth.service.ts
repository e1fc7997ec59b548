import { verify } from '@node-rs/argon2';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { endSession, MAX_SESSION_MS, startSession } from '../sessions/sessions.service';
import { findStaffByEmail, findStaffById, type StaffRow } from './staff.repository';
import { staffPermissions } from '../../../shared/staff';
import { hasPermission } from './staff.repository';

export const STAFF_COOKIE = 'portal_staff';
export const staffSessionMaxAgeMs = MAX_SESSION_MS;

export const staffSignInInput = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(254)
    .transform((value) => value.toLowerCase()),
  password: z.string().min(1, { error: 'validation.required' }).max(200),
});

export async function signInStaff(deps: Pick<Deps, 'db' | 'clock'>, input: z.input<typeof staffSignInInput>): Promise<{ token: string; staff: StaffRow }> {
  const { email, password } = staffSignInInput.parse(input);
  const member = await findStaffByEmail(deps.db, email);
  if (!member) throw new AppError('UserNotFound', { email });
  if (!(await verify(member.passwordHash, password))) throw new AppError('IncorrectPassword');
  if (member.disabled) throw new AppError('Unauthorized', { action: 'signIn', reason: 'accountDisabled' });
  return { token: await startSession(deps, { staffId: member.id }), staff: member };
}

export const signOutStaff = endSession;

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
