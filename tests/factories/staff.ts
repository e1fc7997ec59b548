import type { StaffPermission } from '../../src/shared/staff';
import type { Executor } from '../../src/server/db/client';
import { testTotpKey } from '../fixtures/services';
import { createStaff } from '../../src/server/modules/staff/staff.service';
import { setStaffAuthenticator } from '../../src/server/modules/staff/staff-totp.service';
import { newTotpSecret, totpCode } from '../../src/server/modules/auth/totp';
import { staff } from '../../src/server/db/schema';
import { eq } from 'drizzle-orm';

let sequence = 0;

/**
 * A staff member with the password 'correct horse battery' and, unless `totp: false`, an enrolled
 * authenticator whose secret is returned: sign in with `staffCode(member)`.
 */
export async function makeStaff(db: Executor, options: { permissions?: StaffPermission[]; super?: boolean; disabled?: boolean; totp?: boolean } = {}) {
  sequence += 1;
  const member = await createStaff(db, {
    email: `staff${sequence}-${Math.random().toString(36).slice(2, 7)}@inspectra.example`,
    name: `Staff ${sequence}`,
    password: 'correct horse battery',
    super: options.super ?? false,
    permissions: options.permissions ?? [],
  });
  if (options.disabled) await db.update(staff).set({ disabled: true }).where(eq(staff.id, member.id));
  const totpSecret = options.totp === false ? undefined : newTotpSecret();
  if (totpSecret) await setStaffAuthenticator({ db, totpKey: testTotpKey, clock: () => new Date() }, member.id, totpSecret);
  return { ...member, disabled: Boolean(options.disabled), totpSecret };
}

const STEP_MS = 30_000;
const lastSteps = new Map<string, number>();

/**
 * A code of the staff member's authenticator that the portal has not seen yet: a code works once, so
 * each call takes the next 30-second step the portal accepts (one step of drift each way).
 */
export function staffCode(member: { id: string; totpSecret?: string }, now = new Date()): string {
  if (!member.totpSecret) throw new Error('this staff member has no authenticator');
  const current = Math.floor(now.getTime() / STEP_MS);
  // Never the step before: a slow run could cross into the next step before the code is checked, and one step back is all the portal allows.
  const step = Math.max((lastSteps.get(member.id) ?? -Infinity) + 1, current);
  if (step > current + 1) throw new Error('more than three sign-ins of one staff member in 30 seconds');
  lastSteps.set(member.id, step);
  return totpCode(member.totpSecret, new Date(step * STEP_MS));
}
