import { and, asc, eq, sql } from 'drizzle-orm';
import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { pgErrorCode, type Db, type Executor } from '../db/client';
import { placeholderRows, preparedQuery, preparedQueryByShape, rowValues } from '../db/prepared';
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

/**
 * Runs a write once per idempotency key: a repeated key gets the first answer and applies nothing.
 * The answer is made before the write (the ids in it are made here, not by the database), so the key
 * is claimed with it in one statement; a refusal rolls the claim back with the write.
 */
export async function applyOnce<T extends object>(db: Db, call: string, key: string | undefined, answer: T, apply: (tx: Executor) => Promise<unknown>): Promise<T> {
  return db.transaction(async (tx) => {
    if (key) {
      const claimed = await claimKeyQuery(tx, { call, key, response: answer });
      if (claimed.length === 0) return firstAnswer<T>(tx, call, key);
    }
    await apply(tx);
    return answer;
  });
}

/** The answer given the first time `key` was used for `call`. */
async function firstAnswer<T>(executor: Executor, call: string, key: string): Promise<T> {
  const [first] = await executor
    .select({ response: emulatorIdempotencyKeys.response })
    .from(emulatorIdempotencyKeys)
    .where(and(eq(emulatorIdempotencyKeys.call, call), eq(emulatorIdempotencyKeys.key, key)));
  return first!.response as T;
}

const claimKeyQuery = preparedQuery('emulator_claim_key', (tx) =>
  tx
    .insert(emulatorIdempotencyKeys)
    .values({ call: sql.placeholder('call'), key: sql.placeholder('key'), response: sql.placeholder('response') })
    .onConflictDoNothing()
    .returning({ key: emulatorIdempotencyKeys.key }),
);

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
    return;
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
}

export async function updateUser(tx: Executor, input: { userId: string; modifiedBy: string; modifiedAt: Date; isClose?: boolean; userName?: string }) {
  const changes: Partial<typeof emulatorUsers.$inferInsert> = { modifiedBy: input.modifiedBy, modifiedAt: input.modifiedAt };
  if (input.isClose !== undefined) changes.isClose = input.isClose;
  if (input.userName !== undefined) changes.userName = input.userName;
  const updated = await tx.update(emulatorUsers).set(changes).where(eq(emulatorUsers.userId, input.userId)).returning({ userId: emulatorUsers.userId });
  if (updated.length === 0) throw new EmulatorRefusal(refusalType.notFound, 'no such user');
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

type NewEntry = Omit<typeof emulatorPointEntries.$inferInsert, 'id' | 'createdAt'> & { id: string };
const ENTRY_KEYS = ['id', 'ownerId', 'projectType', 'kind', 'tenths', 'by', 'isRemit', 'taskType', 'reference', 'occurredAt'] as const satisfies ReadonlyArray<keyof NewEntry>;
/** A change of one account's totals of one project type. */
const TOTAL_KEYS = ['ownerId', 'projectType', 'boughtTenths', 'usedTenths'] as const;
/** The totals' placeholders apart from the entries' (both have an ownerId and a projectType). */
const TOTAL_PREFIX = 'total_';
interface Total {
  ownerId: string;
  projectType: number;
  boughtTenths: number;
  usedTenths: number;
}

/** An idempotency key a write claims in its own statement, with the answer a repeat of it gets. */
export interface KeyClaim {
  call: string;
  key: string;
  response: object;
}

/** Set in a write's shape when the write claims an idempotency key; its low byte counts its entries, the next one its totals rows. */
const CLAIMS_KEY = 1 << 16;

const addEntriesQuery = preparedQueryByShape('emulator_add_entries', (shape) => (tx) => {
  const changes = sql.join(
    placeholderRows(TOTAL_KEYS, (shape >> 8) & 0xff, TOTAL_PREFIX).map((row) => sql`(${row.ownerId}::text, ${row.projectType}::smallint, ${row.boughtTenths}::integer, ${row.usedTenths}::integer)`),
    sql`, `,
  );
  const entries = sql.join(
    placeholderRows(ENTRY_KEYS, shape & 0xff).map(
      (row) =>
        sql`(${row.id}::uuid, ${row.ownerId}::text, ${row.projectType}::smallint, ${row.kind}::text, ${row.tenths}::integer, ${row.by}::text, ${row.isRemit}::text, ${row.taskType}::text, ${row.reference}::text, ${row.occurredAt}::timestamptz, now())`,
    ),
    sql`, `,
  );
  const claimsKey = (shape & CLAIMS_KEY) !== 0;
  // A repeated key claims nothing, and then nothing of the write applies.
  const claimed = tx.$with('claimed', {}).as(sql`
    insert into ${emulatorIdempotencyKeys} (call, key, response)
    values (${sql.placeholder('call')}::text, ${sql.placeholder('key')}::text, ${sql.placeholder('response')}::jsonb)
    on conflict do nothing
    returning key`);
  const applies = claimsKey ? sql`exists (select from claimed)` : sql`true`;
  // A change that takes points (a transfer out, usage) needs the account's row, and applies only
  // when what the account has left covers it; one that adds creates the row when missing.
  const added = tx.$with('added', {}).as(sql`
    insert into ${emulatorPointTotals} as total (owner_id, project_type, bought_tenths, used_tenths)
    select change.owner_id, change.project_type, change.bought, change.used
    from (values ${changes}) as change(owner_id, project_type, bought, used)
    where ${applies}
      and ((change.bought >= 0 and change.used <= 0)
        or exists (select 1 from ${emulatorPointTotals} as old where old.owner_id = change.owner_id and old.project_type = change.project_type))
    on conflict (owner_id, project_type) do update
      set bought_tenths = total.bought_tenths + excluded.bought_tenths, used_tenths = total.used_tenths + excluded.used_tenths
      where (excluded.bought_tenths >= 0 and excluded.used_tenths <= 0)
         or total.bought_tenths + excluded.bought_tenths - total.used_tenths - excluded.used_tenths >= 0
    returning total.owner_id, total.project_type, total.bought_tenths, total.used_tenths`);
  // A total left unchanged was not covered: the statement fails (migration 0025), and with it the
  // entries, the totals changed already and the key's claim.
  const covered = sql`case when not ${applies} then false when (select count(*) from added) = ${sql.raw(String((shape >> 8) & 0xff))} then true else platform_emulator.refuse(${sql.placeholder('refusal')}) end`;
  return tx
    .with(...(claimsKey ? [claimed, added] : [added]))
    .insert(emulatorPointEntries)
    .select(sql`select * from (values ${entries}) as entry where ${covered}`)
    .returning({
      id: emulatorPointEntries.id,
      totals: sql<Array<{ ownerId: string; projectType: number; bought: number; used: number }>>`(select coalesce(json_agg(json_build_object('ownerId', owner_id, 'projectType', project_type, 'bought', bought_tenths, 'used', used_tenths)), '[]'::json) from added)`,
    });
});

/** An account's totals row of one project type, as a key. */
const totalKey = (row: { ownerId: string; projectType: number }) => `${row.ownerId}\u0000${row.projectType}`;

/** The SQLSTATE of platform_emulator.refuse (migration 0025). */
const REFUSED = 'P0001';

/**
 * Writes entries and adds them to their accounts' totals, in one statement (the totals in a
 * data-modifying WITH, and the idempotency key's claim too when given): on its own it needs no
 * transaction. The totals rows are taken in one order (owner, then type) whichever way points move,
 * so that two transfers in opposite directions never wait on each other in a cycle. A change that
 * would take an account below zero is refused (insufficientPoints, naming the types the write takes
 * points from): the statement fails, and nothing of the write applies, in a transaction or not.
 * Returns each changed account's remaining tenths, by owner and type; undefined when the key was
 * claimed already (nothing applied).
 */
async function addEntries(executor: Executor, entries: NewEntry[], claim?: KeyClaim): Promise<Map<string, number> | undefined> {
  const totals = new Map<string, Total>();
  for (const entry of entries) {
    const key = totalKey(entry);
    const total = totals.get(key) ?? { ownerId: entry.ownerId, projectType: entry.projectType, boughtTenths: 0, usedTenths: 0 };
    if (entry.kind === 'usage') total.usedTenths += entry.tenths;
    else total.boughtTenths += entry.kind === 'transfer_out' ? -entry.tenths : entry.tenths;
    totals.set(key, total);
  }
  const ordered = [...totals.values()].sort((a, b) => (a.ownerId === b.ownerId ? a.projectType - b.projectType : a.ownerId < b.ownerId ? -1 : 1));
  if (entries.length === 0 || entries.length > 0xff || ordered.length > 0xff) throw new Error('one to 255 entries and totals in one statement');
  const shape = entries.length | (ordered.length << 8) | (claim ? CLAIMS_KEY : 0);
  // Named before the statement runs, which cannot say which of them fell short: the types the write takes points from.
  const taking = [...new Set(ordered.filter((total) => total.boughtTenths < 0 || total.usedTenths > 0).map((total) => total.projectType))];
  const refusal = `not enough points of project type ${taking.join(', ')}`;
  const claimed = claim ? { call: claim.call, key: claim.key, response: JSON.stringify(claim.response) } : {};
  let written;
  try {
    written = await addEntriesQuery(shape, executor, { ...rowValues(ENTRY_KEYS, entries), ...rowValues(TOTAL_KEYS, ordered, TOTAL_PREFIX), ...claimed, refusal });
  } catch (error) {
    if (pgErrorCode(error) === REFUSED) throw new EmulatorRefusal(refusalType.insufficientPoints, refusal);
    throw error;
  }
  if (written.length === 0) return undefined;
  return new Map((written[0]?.totals ?? []).map((row) => [totalKey(row), row.bought - row.used]));
}

/**
 * A points write of the platform's API, applied once per idempotency key in one statement: a
 * repeated key gets the first answer and applies nothing. Without a key it always applies.
 */
export async function writeOnce<T extends object>(db: Db, call: string, key: string | undefined, answer: T, write: (claim: KeyClaim | undefined) => Promise<boolean>): Promise<T> {
  if (await write(key ? { call, key, response: answer } : undefined)) return answer;
  return firstAnswer<T>(db, call, key!);
}

/** Records a purchase; false when `claim`'s key was claimed already (nothing applied). */
export async function recordPurchase(executor: Executor, input: { recordId: string; groupId: string; tenths: number; projectType: number; by: string; isRemit: string; at: Date }, claim?: KeyClaim): Promise<boolean> {
  const entry = { id: input.recordId, ownerId: input.groupId, projectType: input.projectType, kind: 'purchase', tenths: input.tenths, by: input.by, isRemit: input.isRemit, occurredAt: input.at };
  return (await addEntries(executor, [entry], claim)) !== undefined;
}

/** Moves points out of `from` (into `to` when given); refused whole when any type lacks the points; false when `claim`'s key was claimed already. */
export async function transferPoints(executor: Executor, input: { transferId: string; from: string; to: string | null; by: string; list: Array<{ projectType: number; tenths: number }>; at: Date }, claim?: KeyClaim): Promise<boolean> {
  const base = { by: input.by, reference: input.transferId, occurredAt: input.at };
  const entries = input.list.flatMap((entry) => [
    { ...base, id: randomUUID(), ownerId: input.from, projectType: entry.projectType, kind: 'transfer_out', tenths: entry.tenths },
    ...(input.to ? [{ ...base, id: randomUUID(), ownerId: input.to, projectType: entry.projectType, kind: 'transfer_in', tenths: entry.tenths }] : []),
  ]);
  return (await addEntries(executor, entries, claim)) !== undefined;
}

/** Training or prediction hours spent on the platform: one point an hour (spec section 1). */
export async function recordUsage(db: Db, input: { ownerId: string; projectType: number; hours: number; taskType: 'training' | 'prediction'; by: string; at: Date }) {
  const tenths = Math.round(input.hours * 10);
  if (!(tenths > 0)) throw new EmulatorRefusal(refusalType.badParameter, 'hours must be positive, in tenths at most');
  const id = randomUUID();
  const remaining = await addEntries(db, [{ id, ownerId: input.ownerId, projectType: input.projectType, kind: 'usage', tenths, by: input.by, taskType: input.taskType, occurredAt: input.at }]);
  return { record_id: id, remaining_points: remaining!.get(totalKey(input))! / 10 };
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
