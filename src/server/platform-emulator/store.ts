import { and, asc, eq, sql } from 'drizzle-orm';
import { randomBytes, scryptSync } from 'node:crypto';
import type { Db, Executor } from '../db/client';
import { emulatorIdempotencyKeys, emulatorPointEntries, emulatorPointTotals, emulatorUsers } from './schema';

/**
 * The emulated platform's rules: accounts, point entries and balances, each write in one
 * transaction. A refusal is an EmulatorRefusal, answered as `{type, message}` like the platform.
 */
export const refusalType = { badParameter: 1, notFound: 2, insufficientPoints: 3, alreadyExists: 4, invalidKey: 5 } as const;

export class EmulatorRefusal extends Error {
  constructor(
    readonly type: number,
    message: string,
  ) {
    super(message);
  }
}

export type EntryKind = 'purchase' | 'transfer_in' | 'transfer_out' | 'usage';

/** Runs a write once per idempotency key: a repeated key gets the first answer and applies nothing. */
export async function applyOnce<T>(db: Db, call: string, key: string | undefined, apply: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (!key) return apply(tx);
    const claimed = await tx.insert(emulatorIdempotencyKeys).values({ call, key }).onConflictDoNothing().returning({ key: emulatorIdempotencyKeys.key });
    const where = and(eq(emulatorIdempotencyKeys.call, call), eq(emulatorIdempotencyKeys.key, key));
    if (claimed.length === 0) {
      const [first] = await tx.select({ response: emulatorIdempotencyKeys.response }).from(emulatorIdempotencyKeys).where(where);
      return first!.response as T;
    }
    const result = await apply(tx);
    await tx.update(emulatorIdempotencyKeys).set({ response: result as object }).where(where);
    return result;
  });
}

function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `${salt.toString('base64')}:${scryptSync(password, salt, 32).toString('base64')}`;
}

export async function findUser(db: Executor, userId: string) {
  const [user] = await db.select().from(emulatorUsers).where(eq(emulatorUsers.userId, userId));
  return user;
}

export async function createUser(
  tx: Executor,
  input: { userId: string; groupId: string; userName: string; password: string; isClose: boolean; isTeam: boolean; trialPointType: number | null; createdBy: string },
  now: Date,
) {
  const existing = await findUser(tx, input.userId);
  if (existing) {
    if (existing.groupId !== input.groupId) throw new EmulatorRefusal(refusalType.alreadyExists, 'user_id exists in another group');
    return { user_id: existing.userId };
  }
  await tx.insert(emulatorUsers).values({
    userId: input.userId,
    groupId: input.groupId,
    userName: input.userName,
    passwordHash: hashPassword(input.password),
    isClose: input.isClose,
    isTeam: input.isTeam,
    trialPointType: input.trialPointType,
    createdBy: input.createdBy,
    createdAt: now,
  });
  return { user_id: input.userId };
}

export async function updateUser(tx: Executor, input: { userId: string; modifiedBy: string; modifiedAt: Date; isClose?: boolean; userName?: string }) {
  const changes: Partial<typeof emulatorUsers.$inferInsert> = { modifiedBy: input.modifiedBy, modifiedAt: input.modifiedAt };
  if (input.isClose !== undefined) changes.isClose = input.isClose;
  if (input.userName !== undefined) changes.userName = input.userName;
  const updated = await tx.update(emulatorUsers).set(changes).where(eq(emulatorUsers.userId, input.userId)).returning({ userId: emulatorUsers.userId });
  if (updated.length === 0) throw new EmulatorRefusal(refusalType.notFound, 'no such user');
  return { user_id: input.userId };
}

/** The old password is not checked: the portal may hold a platform account whose password it set itself. */
export async function changePasswords(tx: Executor, userIds: string[], newPassword: string, now: Date) {
  for (const userId of userIds) {
    const updated = await tx
      .update(emulatorUsers)
      .set({ passwordHash: hashPassword(newPassword), modifiedAt: now })
      .where(eq(emulatorUsers.userId, userId))
      .returning({ userId: emulatorUsers.userId });
    if (updated.length === 0) throw new EmulatorRefusal(refusalType.notFound, `no such user: ${userId}`);
  }
  return { user_id_list: userIds };
}

/** Serialises every change to one account's points for the rest of the transaction. */
async function lockAccount(tx: Executor, ownerId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`platform-emulator:${ownerId}`}))`);
}

export interface Balance {
  projectType: number;
  buyTenths: number;
  usedTenths: number;
}

/** Bought = purchases and transfers in less transfers out; used = usage. Per project type. */
export async function balances(db: Executor, ownerId: string): Promise<Balance[]> {
  const rows = await db.select().from(emulatorPointTotals).where(eq(emulatorPointTotals.ownerId, ownerId)).orderBy(asc(emulatorPointTotals.projectType));
  return rows.map((row) => ({ projectType: row.projectType, buyTenths: row.boughtTenths, usedTenths: row.usedTenths }));
}

async function remaining(tx: Executor, ownerId: string, projectType: number): Promise<number> {
  const line = (await balances(tx, ownerId)).find((balance) => balance.projectType === projectType);
  return line ? line.buyTenths - line.usedTenths : 0;
}

type NewEntry = typeof emulatorPointEntries.$inferInsert;

/**
 * Writes entries and adds them to their accounts' totals, in the caller's transaction and in one
 * statement (the totals in a data-modifying WITH). The totals rows are taken in one order (owner,
 * then type) whichever way points move, so that two transfers in opposite directions never wait on
 * each other in a cycle.
 */
async function addEntries(tx: Executor, entries: NewEntry[]): Promise<string[]> {
  const totals = new Map<string, { ownerId: string; projectType: number; boughtTenths: number; usedTenths: number }>();
  for (const entry of entries) {
    const key = `${entry.ownerId}\u0000${entry.projectType}`;
    const total = totals.get(key) ?? { ownerId: entry.ownerId, projectType: entry.projectType, boughtTenths: 0, usedTenths: 0 };
    if (entry.kind === 'usage') total.usedTenths += entry.tenths;
    else total.boughtTenths += entry.kind === 'transfer_out' ? -entry.tenths : entry.tenths;
    totals.set(key, total);
  }
  const ordered = [...totals.values()].sort((a, b) => (a.ownerId === b.ownerId ? a.projectType - b.projectType : a.ownerId < b.ownerId ? -1 : 1));
  const added = tx.$with('added', {}).as(
    tx
      .insert(emulatorPointTotals)
      .values(ordered)
      .onConflictDoUpdate({
        target: [emulatorPointTotals.ownerId, emulatorPointTotals.projectType],
        set: { boughtTenths: sql`${emulatorPointTotals.boughtTenths} + excluded.bought_tenths`, usedTenths: sql`${emulatorPointTotals.usedTenths} + excluded.used_tenths` },
      })
      .getSQL(),
  );
  const rows = await tx.with(added).insert(emulatorPointEntries).values(entries).returning({ id: emulatorPointEntries.id });
  return rows.map((row) => row.id);
}

export async function recordPurchase(tx: Executor, input: { groupId: string; tenths: number; projectType: number; by: string; isRemit: string; at: Date }) {
  const [id] = await addEntries(tx, [{ ownerId: input.groupId, projectType: input.projectType, kind: 'purchase', tenths: input.tenths, by: input.by, isRemit: input.isRemit, occurredAt: input.at }]);
  return { record_id: id! };
}

/** Moves points out of `from` (into `to` when given); refused whole when any type lacks the points. */
export async function transferPoints(tx: Executor, input: { from: string; to: string | null; by: string; list: Array<{ projectType: number; tenths: number }>; at: Date }) {
  await lockAccount(tx, input.from);
  for (const entry of input.list) {
    if ((await remaining(tx, input.from, entry.projectType)) < entry.tenths) {
      throw new EmulatorRefusal(refusalType.insufficientPoints, `not enough points of project type ${entry.projectType}`);
    }
  }
  const transferId = crypto.randomUUID();
  const base = { by: input.by, reference: transferId, occurredAt: input.at };
  await addEntries(
    tx,
    input.list.flatMap((entry) => [
      { ...base, ownerId: input.from, projectType: entry.projectType, kind: 'transfer_out', tenths: entry.tenths },
      ...(input.to ? [{ ...base, ownerId: input.to, projectType: entry.projectType, kind: 'transfer_in', tenths: entry.tenths }] : []),
    ]),
  );
  return { transfer_id: transferId };
}

/** Training or prediction hours spent on the platform: one point an hour (spec section 1). */
export async function recordUsage(db: Db, input: { ownerId: string; projectType: number; hours: number; taskType: 'training' | 'prediction'; by: string; at: Date }) {
  const tenths = Math.round(input.hours * 10);
  if (!(tenths > 0)) throw new EmulatorRefusal(refusalType.badParameter, 'hours must be positive, in tenths at most');
  return db.transaction(async (tx) => {
    await lockAccount(tx, input.ownerId);
    if ((await remaining(tx, input.ownerId, input.projectType)) < tenths) {
      throw new EmulatorRefusal(refusalType.insufficientPoints, `not enough points of project type ${input.projectType}`);
    }
    const [id] = await addEntries(tx, [{ ownerId: input.ownerId, projectType: input.projectType, kind: 'usage', tenths, by: input.by, taskType: input.taskType, occurredAt: input.at }]);
    return { record_id: id!, remaining_points: ((await remaining(tx, input.ownerId, input.projectType)) / 10) };
  });
}

export async function pointRecords(db: Executor, ownerId: string | undefined) {
  const e = emulatorPointEntries;
  const rows = await db
    .select()
    .from(e)
    .where(ownerId ? eq(e.ownerId, ownerId) : undefined)
    .orderBy(asc(e.occurredAt), asc(e.createdAt))
    .limit(5000);
  return rows.map((row) => ({
    record_id: row.id,
    record_type: row.kind as EntryKind,
    group_id: row.ownerId,
    project_type: row.projectType,
    point: row.tenths / 10,
    time: row.occurredAt.toISOString(),
    by: row.by,
    is_remit: row.isRemit,
    task_type: row.taskType,
  }));
}
