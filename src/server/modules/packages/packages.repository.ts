import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pointPackages } from '../../db/schema';

export type PackageRow = typeof pointPackages.$inferSelect;
export type NewPackageRow = typeof pointPackages.$inferInsert;

export async function insertPackage(db: Executor, values: NewPackageRow): Promise<PackageRow> {
  const [row] = await db.insert(pointPackages).values(values).returning();
  return row!;
}

/** The package, locked until the transaction ends (what an update changes, for the audit log). */
export async function lockPackage(tx: Executor, id: number): Promise<PackageRow | undefined> {
  const [row] = await tx.select().from(pointPackages).where(eq(pointPackages.id, id)).for('update');
  return row;
}

export async function updatePackageRow(db: Executor, id: number, values: Partial<NewPackageRow>): Promise<PackageRow | undefined> {
  const [row] = await db.update(pointPackages).set(values).where(eq(pointPackages.id, id)).returning();
  return row;
}

export function findPackages(db: Executor, filter: { status?: number; type?: string } = {}): Promise<PackageRow[]> {
  const conditions = [
    filter.status === undefined ? undefined : eq(pointPackages.status, filter.status),
    filter.type === undefined ? undefined : eq(pointPackages.type, filter.type),
  ];
  return db
    .select()
    .from(pointPackages)
    .where(and(...conditions))
    .orderBy(asc(pointPackages.priceMinor), asc(pointPackages.id));
}

/** Packages by id, share-locked so that none is deactivated or repriced before the order commits. */
export function findPackagesForSale(db: Executor, ids: number[]): Promise<PackageRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(pointPackages).where(inArray(pointPackages.id, ids)).for('share');
}

export async function countPackages(db: Executor): Promise<number> {
  const [total] = await db.select({ value: count() }).from(pointPackages);
  return total?.value ?? 0;
}
