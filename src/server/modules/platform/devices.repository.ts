import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deviceBindings, groups, platformAccounts, teams, users } from '../../db/schema';

export type DeviceBindingRow = typeof deviceBindings.$inferSelect;
const t = deviceBindings;

/** The account's bindings, open ones first, then newest. */
export function findGroupDevices(db: Executor, groupId: string, limit: number) {
  return db
    .select({ platformId: t.platformId, name: t.name, boundAt: t.boundAt, unboundAt: t.unboundAt, boundBy: users.email })
    .from(t)
    .innerJoin(users, eq(users.id, t.boundBy))
    .where(eq(t.groupId, groupId))
    .orderBy(desc(isNull(t.unboundAt)), desc(t.boundAt))
    .limit(limit);
}

export async function findOpenBinding(db: Executor, platformId: string): Promise<DeviceBindingRow | undefined> {
  const [row] = await db.select().from(t).where(and(eq(t.platformId, platformId), isNull(t.unboundAt)));
  return row;
}

/** The account's open binding of the device, locked until the transaction ends (an unbinding waits for it). */
export async function lockOpenBinding(tx: Executor, groupId: string, platformId: string): Promise<DeviceBindingRow | undefined> {
  const [row] = await tx
    .select()
    .from(t)
    .where(and(eq(t.groupId, groupId), eq(t.platformId, platformId), isNull(t.unboundAt)))
    .for('update');
  return row;
}

export function findOpenBindings(db: Executor, groupId: string) {
  return db.select({ platformId: t.platformId, name: t.name }).from(t).where(and(eq(t.groupId, groupId), isNull(t.unboundAt))).orderBy(desc(t.boundAt));
}

export async function insertBinding(tx: Executor, row: typeof t.$inferInsert): Promise<DeviceBindingRow> {
  const [inserted] = await tx.insert(t).values(row).returning();
  return inserted!;
}

export async function renameOpenBinding(tx: Executor, groupId: string, platformId: string, name: string): Promise<DeviceBindingRow | undefined> {
  const [row] = await tx.update(t).set({ name }).where(and(eq(t.groupId, groupId), eq(t.platformId, platformId), isNull(t.unboundAt))).returning();
  return row;
}

export async function closeBinding(tx: Executor, groupId: string, platformId: string, by: string, now: Date): Promise<DeviceBindingRow | undefined> {
  const [row] = await tx
    .update(t)
    .set({ unboundAt: now, unboundBy: by })
    .where(and(eq(t.groupId, groupId), eq(t.platformId, platformId), isNull(t.unboundAt)))
    .returning();
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an enterprise account, a team, a member or a member's platform account goes by one of
 * these ids: each is a name the platform knows an account by, so a device must not use it.
 */
export async function accountGoesBy(db: Executor, ids: readonly string[]): Promise<boolean> {
  const list = [...new Set(ids)];
  const uuids = list.filter((id) => UUID.test(id));
  const found = async (query: Promise<unknown[]>) => (await query).length > 0;
  return (
    (await found(db.select({ id: groups.id }).from(groups).where(inArray(groups.id, list)).limit(1))) ||
    (await found(db.select({ id: teams.id }).from(teams).where(inArray(teams.id, list)).limit(1))) ||
    (uuids.length > 0 && (await found(db.select({ id: users.id }).from(users).where(inArray(users.id, uuids)).limit(1)))) ||
    (await found(db.select({ id: users.id }).from(users).where(inArray(users.platformUserId, list)).limit(1))) ||
    (await found(db.select({ id: platformAccounts.accountId }).from(platformAccounts).where(inArray(platformAccounts.accountId, list)).limit(1)))
  );
}
