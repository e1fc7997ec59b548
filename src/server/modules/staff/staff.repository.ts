import { and, count, eq, or } from 'drizzle-orm';
import type { StaffPermission } from '../../../shared/staff';
import type { Executor } from '../../db/client';
import { staff } from '../../db/schema';

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

export async function findStaffById(db: Executor, id: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
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
