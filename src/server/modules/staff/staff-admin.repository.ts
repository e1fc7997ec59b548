import { and, asc, eq } from 'drizzle-orm';
import type { Tx, Executor } from '../../db/client';
import { staff } from '../../db/schema';
import type { NewStaffRow, StaffRow } from './staff.repository';

/** Active staff accounts (removed ones are disabled and kept for the records that name them), oldest first. */
export function findActiveStaff(db: Executor): Promise<StaffRow[]> {
  return db.select().from(staff).where(eq(staff.disabled, false)).orderBy(asc(staff.createdAt), asc(staff.id));
}

/**
 * Locks every active super staff row, in id order, and returns their ids. Every change that could
 * leave no super staff takes this lock first (always in the same order, so two changes never
 * deadlock), so concurrent demotions and removals are counted one after the other.
 */
export async function lockActiveSuperStaff(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.super, true), eq(staff.disabled, false)))
    .orderBy(asc(staff.id))
    .for('update');
  return rows.map((row) => row.id);
}

export async function lockStaff(tx: Tx, id: string): Promise<StaffRow | undefined> {
  const [row] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
  return row;
}

export async function updateStaffRow(tx: Tx, id: string, values: Partial<NewStaffRow>): Promise<StaffRow> {
  const [row] = await tx.update(staff).set(values).where(eq(staff.id, id)).returning();
  return row!;
}
