import { createStaffInput, type CreateStaffInput } from '../../../shared/staff';
import type { Executor } from '../../db/client';
import { pgErrorCode } from '../../db/client';
import { AppError } from '../../errors';
import { hashPassword, verifyPassword } from '../auth/password-hash';
import { permissionValues } from './permissions.service';
import { countStaff, disableStaffRow, findEnabledStaffWithAddressEnding, findStaffByEmail, insertStaff, type StaffRow } from './staff.repository';

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
    if (pgErrorCode(error) === '23505') throw new AppError('StaffEmailTaken');
    throw error;
  }
}

/** A staff account by its sign-in e-mail (lower-cased here). */
export function staffByEmail(db: Executor, email: string): Promise<StaffRow | undefined> {
  return findStaffByEmail(db, email.trim().toLowerCase());
}

/** Whether any staff account exists: demo data goes only into a database with none. */
export async function hasStaff(db: Executor): Promise<boolean> {
  return (await countStaff(db)) > 0;
}

/** Disables the staff at addresses ending with `suffix` who still sign in with `password`; their e-mails. */
export async function disableStaffSigningInWith(db: Executor, suffix: string, password: string, now: Date): Promise<string[]> {
  const disabled: string[] = [];
  for (const row of await findEnabledStaffWithAddressEnding(db, suffix)) {
    if (!(await verifyPassword(row.passwordHash, password))) continue;
    await disableStaffRow(db, row.id, now);
    disabled.push(row.email);
  }
  return disabled;
}
