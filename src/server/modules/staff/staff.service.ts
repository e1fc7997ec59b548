import { hash } from '@node-rs/argon2';
import { z } from 'zod';
import { staffPermissions, type StaffPermission } from '../../../shared/staff';
import type { Executor } from '../../db/client';
import { pgErrorCode } from '../../db/client';
import { AppError } from '../../errors';
import { findStaffById, findStaffHolding, hasPermission, insertStaff, listAllStaff, permissionValues, type StaffRow } from './staff.repository';

export const createStaffInput = z.object({
  email: z.email({ error: 'validation.email' }).transform((value) => value.toLowerCase()),
  name: z.string().trim().min(1, { error: 'validation.required' }).max(100),
  password: z.string().min(8, { error: 'validation.passwordLength' }).max(200),
  super: z.boolean().default(false),
  permissions: z.array(z.enum(staffPermissions)).default([]),
});
export type CreateStaffInput = z.input<typeof createStaffInput>;

/** argon2id with the library's defaults (19 MiB, 2 passes): OWASP's minimum for argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: 2 });
}

export async function createStaff(db: Executor, input: CreateStaffInput, createdBy?: string): Promise<StaffRow> {
  const values = createStaffInput.parse(input);
  try {
    return await insertStaff(db, {
      email: values.email,
      name: values.name,
      passwordHash: await hashPassword(values.password),
      super: values.super,
      createdBy,
      ...permissionValues(values.permissions),
    });
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw new AppError('IncorrectValue');
    throw error;
  }
}

/** The staff member behind `staffId`, if active and holding `permission`; Unauthorized otherwise. */
export async function requireStaffPermission(db: Executor, staffId: string, permission: StaffPermission): Promise<StaffRow> {
  const member = await findStaffById(db, staffId);
  if (!member || member.disabled) throw new AppError('Unauthorized', { action: permission, reason: 'notStaff' });
  if (!hasPermission(member, permission)) throw new AppError('Unauthorized', { action: permission, reason: 'missingPermission' });
  return member;
}

/** Active staff who hold `permission`: the people a notice of that kind goes to. */
export const staffHolding = findStaffHolding;

export { listAllStaff };
