import { and, asc, count, desc, eq, getTableColumns, gte, inArray, isNull, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { placeholderRows, preparedQuery, preparedQueryByShape, rowValues } from '../../db/prepared';
import type { LedgerKind } from '../../../shared/points';
import { TAIPEI, taipeiDate } from '../../../shared/money';
import type { Executor } from '../../db/client';
import { selectValues } from '../../db/values';
import { pointAlerts, pointBalances, pointLedger, pointLedgerDays, pointUsageDays, trialPointApplications } from '../../db/schema';

export type LedgerRow = typeof pointLedger.$inferSelect;
export type NewLedgerRow = typeof pointLedger.$inferInsert;
export type BalanceRow = typeof pointBalances.$inferSelect;
export type AlertRow = typeof pointAlerts.$inferSelect;

/** A balance row as lockBalances names it: its owner and group (the project type is the statement's). */
const BALANCE_KEYS = ['ownerId', 'groupId'] as const;

const lockBalancesQuery = preparedQueryByShape('lock_balances', (count) => (tx) =>
  tx
    .insert(pointBalances)
    .values(placeholderRows(BALANCE_KEYS, count).map((owner) => ({ ...owner, projectType: sql.placeholder('projectType') })))
    .onConflictDoUpdate({ target: [pointBalances.ownerId, pointBalances.projectType], set: { ownerId: sql`excluded.owner_id` } })
    .returning(),
);

/**
 * The balance rows of these owners for one project type, created empty when missing, locked until the
 * transaction ends; one statement, which takes the locks in the order the owners are given.
 */
export async function lockBalances(tx: Executor, projectType: number, owners: Array<{ ownerId: string; groupId: string }>): Promise<Map<string, BalanceRow>> {
  const rows = await lockBalancesQuery(owners.length, tx, { projectType, ...rowValues(BALANCE_KEYS, owners) });
  return new Map(rows.map((row) => [row.ownerId, row]));
}

/** The columns a ledger entry is written with: all but its id. */
const ENTRY_COLUMNS = Object.keys(getTableColumns(pointLedger)).filter((key) => key !== 'id') as Array<Exclude<keyof NewLedgerRow, 'id'>>;
/** A balance moved by a write of entries: its owner, its group (for a row created by a credit) and the change in tenths. */
const MOVE_KEYS = ['ownerId', 'groupId', 'delta'] as const;
/** The moves' placeholders apart from the entries' (both have a groupId). */
const MOVE_PREFIX = 'move_';

/** A balance row as a write of entries gives it back, after the move. */
export interface MovedBalance {
  ownerId: string;
  balance: number;
  used: number;
}

/** Shape: the number of entries in its low byte, the number of balances moved above it. */
const entriesMovingBalancesQuery = preparedQueryByShape('entries_moving_balances', (shape) => (tx) => {
  const moves = placeholderRows(MOVE_KEYS, shape >> 8, MOVE_PREFIX);
  const values = sql.join(
    moves.map((move) => sql`(${move.ownerId}::text, ${move.groupId}::text, ${move.delta}::integer)`),
    sql`, `,
  );
  // The change of the row that the insert ran into, by its owner (each owner is moved once).
  const delta = sql`(case excluded.owner_id ${sql.join(
    moves.map((move) => sql`when ${move.ownerId}::text then ${move.delta}::integer`),
    sql` `,
  )} end)`;
  const projectType = sql`${sql.placeholder('projectType')}::smallint`;
  // A credit creates its row when missing; a debit needs a row, and moves it only when what the
  // account may still spend (balance less the platform's usage) covers it. The rows are locked in
  // the order given, and a row the condition leaves alone is locked as well but not returned.
  const moved = tx.$with('moved', { ownerId: pointBalances.ownerId, balance: pointBalances.balance, used: pointBalances.used }).as(sql`
    insert into ${pointBalances} as b (owner_id, group_id, project_type, balance)
    select move.owner_id, move.group_id, ${projectType}, greatest(move.delta, 0)
    from (values ${values}) as move(owner_id, group_id, delta)
    where move.delta > 0 or exists (select 1 from ${pointBalances} as old where old.owner_id = move.owner_id and old.project_type = ${projectType})
    on conflict (owner_id, project_type) do update
      set balance = b.balance + ${delta}
      where ${delta} > 0 or b.balance - b.used + ${delta} >= 0
    returning b.owner_id, b.balance, b.used`);
  // Each entry added to its account's Taipei day, the account named as ownerIdOf (ledger.service.ts)
  // names it. PostgreSQL runs a data-modifying WITH that nothing reads last, after `moved` has locked the
  // balance rows of the same accounts, so day rows are always locked after them.
  const entries = placeholderRows(ENTRY_COLUMNS, shape & 0xff);
  const days = tx.$with('days', { ownerId: pointLedgerDays.ownerId }).as(sql`
    insert into ${pointLedgerDays} as d (owner_id, day, points)
    select coalesce(entry.team_id, 'device:' || entry.device_id, entry.group_id), (entry.created_at at time zone ${sql.raw(`'${TAIPEI}'`)})::date, sum(entry.points)::integer
    from (values ${sql.join(
      entries.map((entry) => sql`(${entry.groupId}::text, ${entry.teamId}::text, ${entry.deviceId}::text, ${entry.createdAt}::timestamptz, ${entry.points}::integer)`),
      sql`, `,
    )}) as entry(group_id, team_id, device_id, created_at, points)
    group by 1, 2
    on conflict (owner_id, day) do update set points = d.points + excluded.points
    returning d.owner_id`);
  return tx
    .with(moved, days)
    .insert(pointLedger)
    .values(entries as unknown as NewLedgerRow[])
    .returning({
      ...getTableColumns(pointLedger),
      moved: sql<MovedBalance[]>`(select coalesce(json_agg(json_build_object('ownerId', owner_id, 'balance', balance, 'used', used)), '[]'::json) from moved)`,
    });
});

/**
 * Writes ledger entries of one project type and moves the balances of their owners by them, in one
 * statement (a data-modifying WITH runs whether or not the insert reads it). A debit moves its
 * balance only when the owner's remaining points cover it: the balances returned are those that
 * moved, so a debit missing from them was refused, and the caller must end the transaction (throw)
 * rather than keep the entries.
 */
export async function insertEntriesMovingBalances(
  tx: Executor,
  projectType: number,
  rows: NewLedgerRow[],
  moves: Array<{ ownerId: string; groupId: string; delta: number }>,
): Promise<{ entries: LedgerRow[]; moved: MovedBalance[] }> {
  if (rows.length > 0xff || moves.length > 0xff) throw new Error('at most 255 ledger entries and balances in one statement');
  const params = { projectType, ...rowValues(ENTRY_COLUMNS, rows), ...rowValues(MOVE_KEYS, moves, MOVE_PREFIX) };
  const written = await entriesMovingBalancesQuery(rows.length | (moves.length << 8), tx, params);
  return { entries: written.map(({ moved: _moved, ...entry }) => entry), moved: written[0]?.moved ?? [] };
}

export async function balancesOf(db: Executor, ownerId: string): Promise<BalanceRow[]> {
  return db.select().from(pointBalances).where(eq(pointBalances.ownerId, ownerId)).orderBy(asc(pointBalances.projectType));
}

/** Records the platform's usage figure, and for the chart as the (Taipei) day's figure when it changed (a later reading of the day replaces it). */
export async function recordUsage(tx: Executor, ownerId: string, groupId: string, projectType: number, used: number, at: Date): Promise<void> {
  const row = (await lockBalances(tx, projectType, [{ ownerId, groupId }])).get(ownerId)!;
  await tx
    .update(pointBalances)
    .set({ used, usedReadAt: at })
    .where(and(eq(pointBalances.ownerId, ownerId), eq(pointBalances.projectType, projectType)));
  if (row.used === used) return;
  await tx
    .insert(pointUsageDays)
    .values({ ownerId, projectType, day: taipeiDate(at), used, readAt: at })
    .onConflictDoUpdate({
      target: [pointUsageDays.ownerId, pointUsageDays.projectType, pointUsageDays.day],
      set: { used: sql`excluded.used`, readAt: sql`excluded.read_at` },
      setWhere: sql`excluded.read_at >= ${pointUsageDays.readAt}`,
    });
}

/** The platform's usage of an owner as read, day by day (each day's last reading), per project type, oldest first. */
export function usageDaysOf(db: Executor, ownerId: string): Promise<Array<{ projectType: number; day: string; used: number }>> {
  return db
    .select({ projectType: pointUsageDays.projectType, day: pointUsageDays.day, used: pointUsageDays.used })
    .from(pointUsageDays)
    .where(eq(pointUsageDays.ownerId, ownerId))
    .orderBy(asc(pointUsageDays.projectType), asc(pointUsageDays.day));
}

/** Forgets when an account's usage was last read from the platform: its next balance reads it again. */
export async function forgetUsageReading(db: Executor, ownerId: string): Promise<void> {
  await db.update(pointBalances).set({ usedReadAt: null }).where(eq(pointBalances.ownerId, ownerId));
}

/** What a balance page shows of one account, read in one statement: its balance rows and, beside them, the group's low-balance alert and the chart's days. */
export interface BalanceView {
  rows: BalanceRow[];
  alert: { threshold: number | null; below: boolean } | null;
  /** The change of the bought points per day (tenths: credits less transfers out), oldest first. */
  bought: Array<{ day: string; points: number }>;
  /** The last usage figure of each day and project type, oldest first. */
  usage: Array<{ day: string; projectType: number; used: number }>;
}

type Value = string | Placeholder;

/** The alert of the group and the chart's days of the owner, as json expressions to read beside the balance rows. */
function balanceFigures(ownerId: Value, groupId: Value) {
  return {
    alert: sql<BalanceView['alert']>`(select json_build_object('threshold', ${pointAlerts.threshold}, 'below', ${pointAlerts.below}) from ${pointAlerts} where ${pointAlerts.groupId} = ${groupId})`,
    bought: sql<BalanceView['bought']>`(select coalesce(json_agg(json_build_object('day', ${pointLedgerDays.day}, 'points', ${pointLedgerDays.points}) order by ${pointLedgerDays.day}), '[]'::json) from ${pointLedgerDays} where ${pointLedgerDays.ownerId} = ${ownerId})`,
    usage: sql<BalanceView['usage']>`(select coalesce(json_agg(json_build_object('day', ${pointUsageDays.day}, 'projectType', ${pointUsageDays.projectType}, 'used', ${pointUsageDays.used}) order by ${pointUsageDays.day}, ${pointUsageDays.projectType}), '[]'::json) from ${pointUsageDays} where ${pointUsageDays.ownerId} = ${ownerId})`,
  };
}

/**
 * The balance rows with the figures beside each row (uncorrelated subqueries: PostgreSQL computes
 * them once). Built once: a balance read is one of the commonest requests.
 */
const balanceViewQuery = preparedQuery('balance_view', (db) =>
  db
    .select({ ...getTableColumns(pointBalances), ...balanceFigures(sql.placeholder('ownerId'), sql.placeholder('groupId')) })
    .from(pointBalances)
    .where(eq(pointBalances.ownerId, sql.placeholder('ownerId')))
    .orderBy(asc(pointBalances.projectType)),
);

/**
 * The balance rows of `ownerId` with the alert of `groupId` and the chart's days, in one round trip;
 * with no balance row yet, the same figures alone.
 */
export async function balanceView(db: Executor, ownerId: string, groupId: string): Promise<BalanceView> {
  const found = await balanceViewQuery(db, { ownerId, groupId });
  const figures = found[0] ?? (await selectValues(db, balanceFigures(ownerId, groupId)));
  return { rows: found.map(({ alert: _alert, bought: _bought, usage: _usage, ...row }) => row), alert: figures.alert, bought: figures.bought, usage: figures.usage };
}

/** The enterprise account's own entries (`ofGroup`), or a team's. */
function ownerCondition(ownerId: string, groupId: string): SQL {
  return ownerId === groupId ? and(eq(pointLedger.groupId, groupId), isNull(pointLedger.teamId), isNull(pointLedger.deviceId))! : eq(pointLedger.teamId, ownerId);
}

export interface EntryFilter {
  ownerId: string;
  groupId: string;
  kinds: readonly LedgerKind[];
  from?: Date;
  to?: Date;
}

function entryWhere(filter: EntryFilter, afterId?: number): SQL {
  return and(
    ownerCondition(filter.ownerId, filter.groupId),
    inArray(pointLedger.kind, [...filter.kinds]),
    filter.from ? gte(pointLedger.createdAt, filter.from) : undefined,
    filter.to ? lt(pointLedger.createdAt, filter.to) : undefined,
    afterId === undefined ? undefined : lt(pointLedger.id, afterId),
  )!;
}

/** Newest first. */
export async function findEntries(db: Executor, filter: EntryFilter, page: { limit: number; offset: number }) {
  const where = entryWhere(filter);
  const rows = await db.select().from(pointLedger).where(where).orderBy(desc(pointLedger.id)).limit(page.limit).offset(page.offset);
  const [total] = await db.select({ value: count() }).from(pointLedger).where(where);
  return { rows, total: total?.value ?? 0 };
}

/** One batch of a keyset walk, newest first: the export reads the ledger in batches, never all at once. */
export async function entriesBefore(db: Executor, filter: EntryFilter, beforeId: number | undefined, limit: number): Promise<LedgerRow[]> {
  return db.select().from(pointLedger).where(entryWhere(filter, beforeId)).orderBy(desc(pointLedger.id)).limit(limit);
}

export async function findAlert(db: Executor, groupId: string): Promise<AlertRow | undefined> {
  const [row] = await db.select().from(pointAlerts).where(eq(pointAlerts.groupId, groupId));
  return row;
}

/** One batch of the groups that have set a low-balance threshold, by group id after `afterGroupId`. */
export async function groupsWithAlert(db: Executor, afterGroupId: string | undefined, limit: number): Promise<string[]> {
  const rows = await db
    .select({ groupId: pointAlerts.groupId })
    .from(pointAlerts)
    .where(and(sql`${pointAlerts.threshold} is not null`, afterGroupId === undefined ? undefined : sql`${pointAlerts.groupId} > ${afterGroupId}`))
    .orderBy(asc(pointAlerts.groupId))
    .limit(limit);
  return rows.map((row) => row.groupId);
}

export async function lockAlert(tx: Executor, groupId: string): Promise<AlertRow | undefined> {
  const [row] = await tx.select().from(pointAlerts).where(eq(pointAlerts.groupId, groupId)).for('update');
  return row;
}

export async function saveAlert(tx: Executor, values: { groupId: string; threshold: number | null; below: boolean; updatedAt: Date }): Promise<AlertRow> {
  const [row] = await tx
    .insert(pointAlerts)
    .values(values)
    .onConflictDoUpdate({ target: pointAlerts.groupId, set: { threshold: values.threshold, below: values.below, updatedAt: values.updatedAt } })
    .returning();
  return row!;
}

export async function findOrderEntries(db: Executor, orderId: string): Promise<LedgerRow[]> {
  return db.select().from(pointLedger).where(eq(pointLedger.orderId, orderId));
}

export type TrialApplicationRow = typeof trialPointApplications.$inferSelect;

export async function insertTrialApplication(tx: Executor, values: typeof trialPointApplications.$inferInsert): Promise<TrialApplicationRow> {
  const [row] = await tx.insert(trialPointApplications).values(values).returning();
  return row!;
}

export async function latestTrialApplication(db: Executor, userId: string): Promise<TrialApplicationRow | undefined> {
  const [row] = await db.select().from(trialPointApplications).where(eq(trialPointApplications.userId, userId)).orderBy(desc(trialPointApplications.id)).limit(1);
  return row;
}

export async function lockTrialApplication(tx: Executor, id: number): Promise<TrialApplicationRow | undefined> {
  const [row] = await tx.select().from(trialPointApplications).where(eq(trialPointApplications.id, id)).for('update');
  return row;
}

export async function decideTrialApplication(tx: Executor, id: number, values: { status: number; decidedAt: Date; decidedBy: string }): Promise<TrialApplicationRow> {
  const [row] = await tx.update(trialPointApplications).set(values).where(eq(trialPointApplications.id, id)).returning();
  return row!;
}

export async function findTrialApplications(db: Executor, filter: { status?: number; limit: number }): Promise<TrialApplicationRow[]> {
  return db
    .select()
    .from(trialPointApplications)
    .where(filter.status === undefined ? undefined : eq(trialPointApplications.status, filter.status))
    .orderBy(desc(trialPointApplications.id))
    .limit(filter.limit);
}

