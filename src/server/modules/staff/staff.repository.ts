import { and, count, eq, isNull, like, or, sql } from 'drizzle-orm';
import type { StaffPermission } from '../../../shared/staff';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { staff, staffRecoveryCodes } from '../../db/schema';

export type StaffRow = typeof staff.$inferSelect;
export type NewStaffRow = typeof staff.$inferInsert;

/** The column of each permission, so that a permission name maps to one place in the table. */
const permissionColumns = {
  confirm_order: staff.confirmOrder,
  confirm_payment: staff.confirmPayment,
  apply_points: staff.applyPoints,
  customer_service: staff.customerService,
  manage_course: staff.manageCourse,
  activate_account: staff.activateAccount,
  content_management: staff.contentManagement,
  agent_management: staff.agentManagement,
  points_management: staff.pointsManagement,
} as const satisfies Record<StaffPermission, unknown>;

const staffByIdQuery = preparedQuery('staff_by_id', (db) => db.select().from(staff).where(eq(staff.id, sql.placeholder('id'))));

export async function findStaffById(db: Executor, id: string): Promise<StaffRow | undefined> {
  const [row] = await staffByIdQuery(db, { id });
  return row;
}

export async function findStaffByEmail(db: Executor, email: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.email, email));
  return row;
}

export async function insertStaff(db: Executor, values: NewStaffRow): Promise<StaffRow> {
  const [row] = await db.insert(staff).values(values).returning();
  return row!;
}

/** Active staff who hold `permission`, directly or as super staff. */
export async function findStaffHolding(db: Executor, permission: StaffPermission): Promise<StaffRow[]> {
  return db
    .select()
    .from(staff)
    .where(and(eq(staff.disabled, false), or(eq(staff.super, true), eq(permissionColumns[permission], true))))
    .orderBy(staff.createdAt);
}

export async function countStaff(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(staff);
  return row?.value ?? 0;
}

/** A new sealed authenticator secret; `enabledAt` null leaves it pending until the first code. */
export async function setStaffTotpSecret(db: Executor, id: string, secret: string | null, enabledAt: Date | null, now: Date): Promise<StaffRow | undefined> {
  const [row] = await db.update(staff).set({ totpSecret: secret, totpEnabledAt: enabledAt, lastTotpStep: null, updatedAt: now }).where(eq(staff.id, id)).returning();
  return row;
}

export async function enableStaffTotp(tx: Executor, id: string, now: Date): Promise<void> {
  await tx.update(staff).set({ totpEnabledAt: now, updatedAt: now }).where(eq(staff.id, id));
}

/** Records the TOTP step just accepted, only if it is later than the last one; false for a replayed code. */
export async function useStaffTotpStep(db: Executor, id: string, step: number): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ lastTotpStep: step })
    .where(and(eq(staff.id, id), sql`(${staff.lastTotpStep} is null or ${staff.lastTotpStep} < ${step})`))
    .returning({ id: staff.id });
  return rows.length > 0;
}

export async function replaceStaffRecoveryCodes(db: Executor, staffId: string, hashes: string[]): Promise<void> {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  if (hashes.length > 0) await db.insert(staffRecoveryCodes).values(hashes.map((codeHash) => ({ staffId, codeHash })));
}

export async function consumeStaffRecoveryCode(db: Executor, staffId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(staffRecoveryCodes.staffId, staffId), eq(staffRecoveryCodes.codeHash, codeHash), isNull(staffRecoveryCodes.usedAt)))
    .returning({ id: staffRecoveryCodes.id });
  return rows.length > 0;
}

/** Staff not disabled whose address ends with `suffix` (e.g. '.example'). */
export function findEnabledStaffWithAddressEnding(db: Executor, suffix: string): Promise<StaffRow[]> {
  return db
    .select()
    .from(staff)
    .where(and(eq(staff.disabled, false), like(staff.email, `%${suffix}`)));
}

export async function disableStaffRow(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(staff).set({ disabled: true, updatedAt: now }).where(eq(staff.id, id));
}
