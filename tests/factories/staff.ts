import type { StaffPermission } from '../../src/shared/staff';
import type { Executor } from '../../src/server/db/client';
import { createStaff } from '../../src/server/modules/staff/staff.service';
import { staff } from '../../src/server/db/schema';
import { eq } from 'drizzle-orm';

let sequence = 0;

export async function makeStaff(db: Executor, options: { permissions?: StaffPermission[]; super?: boolean; disabled?: boolean } = {}) {
  sequence += 1;
  const member = await createStaff(db, {
    email: `staff${sequence}-${Math.random().toString(36).slice(2, 7)}@inspectra.example`,
    name: `Staff ${sequence}`,
    password: 'correct horse battery',
    super: options.super ?? false,
    permissions: options.permissions ?? [],
  });
  if (options.disabled) await db.update(staff).set({ disabled: true }).where(eq(staff.id, member.id));
  return { ...member, disabled: Boolean(options.disabled) };
}
