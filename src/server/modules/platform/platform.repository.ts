import { and, asc, desc, eq, gt, inArray, lte, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { placeholderRows, preparedQuery, rowValues, valueFor } from '../../db/prepared';
import { platformAccounts, platformDeliveries } from '../../db/schema';
import { platformDeliveryStatus, type PlatformDeliveryStatus } from '../../../shared/platform';

export type DeliveryRow = typeof platformDeliveries.$inferSelect;
const t = platformDeliveries;

/** What a new delivery is written with; the rest are the table's defaults. */
const NEW_DELIVERY_KEYS = ['call', 'domainKey', 'subject', 'sequenceKey', 'payload', 'idempotencyKey', 'createdAt', 'nextAttemptAt'] as const satisfies ReadonlyArray<keyof typeof platformDeliveries.$inferInsert>;
type NewDelivery = Pick<typeof platformDeliveries.$inferInsert, (typeof NEW_DELIVERY_KEYS)[number]>;

const insertDeliveryQuery = preparedQuery('insert_delivery', (tx) =>
  tx
    .insert(t)
    .values(placeholderRows(NEW_DELIVERY_KEYS, 1) as unknown as NewDelivery[])
    .returning(),
);

export async function insertDelivery(tx: Executor, row: NewDelivery): Promise<DeliveryRow> {
  const [inserted] = await insertDeliveryQuery(tx, rowValues(NEW_DELIVERY_KEYS, [row]));
  return inserted!;
}

/** Due for a try: pending and its time has come, or claimed before `staleBefore` by a worker that never finished. */
const dueAt = (now: SQLWrapper | Date, staleBefore: SQLWrapper | Date) =>
  or(and(eq(t.status, platformDeliveryStatus.pending), lte(t.nextAttemptAt, now)), and(eq(t.status, platformDeliveryStatus.sending), lte(t.claimedAt, staleBefore)));

const due = (now: Date, staleAfterMs: number) => dueAt(now, new Date(now.getTime() - staleAfterMs));

/** A status written into the statement as a constant, as the sequence's partial index names it (see isAhead). */
const constant = (status: PlatformDeliveryStatus) => sql.raw(`'${status}'`);

/**
 * `ahead`: a delivery of the row's sequence written before it and still to be sent (pending, or
 * being sent). A failed one is out of the sequence: it waits for staff, and does not hold its
 * account's later calls back. The row's own columns are named with their table: a select from one
 * table names them bare, which inside a subquery on `ahead` would be that row's.
 *
 * The statuses are constants of the statement, as in the sequence's partial index: given as
 * parameters, a prepared statement's generic plan (PostgreSQL's after five runs) cannot prove the
 * index covers them, and every claim read the whole table, every delivery ever made included.
 */
const isAhead = sql`ahead.sequence_key = ${t}.sequence_key and ahead.sequence < ${t}.sequence
    and ahead.status in (${constant(platformDeliveryStatus.pending)}, ${constant(platformDeliveryStatus.sending)})`;

/** Nothing of its sequence is ahead of it. */
const firstInSequence = sql`(${t}.sequence_key is null or not exists (select 1 from ${t} as ahead where ${isAhead}))`;

const claim = { status: platformDeliveryStatus.sending, claimedAt: sql`${valueFor('now', t.claimedAt)}`, attempts: sql`${t.attempts} + 1` };

const claimDeliveryQuery = preparedQuery('claim_delivery', (db) =>
  db
    .update(t)
    .set(claim)
    .where(and(eq(t.id, sql.placeholder('id')), dueAt(valueFor('now', t.nextAttemptAt), valueFor('staleBefore', t.claimedAt)), firstInSequence))
    .returning(),
);

const stale = (now: Date, staleAfterMs: number) => ({ now, staleBefore: new Date(now.getTime() - staleAfterMs) });

/**
 * Takes a due delivery for one try: only one worker wins it; a claim left by a dead worker is taken
 * again once stale; a points call only when no earlier one of its sequence is still to be sent.
 */
export async function claimDelivery(db: Executor, id: string, now: Date, staleAfterMs: number): Promise<DeliveryRow | undefined> {
  const [row] = await claimDeliveryQuery(db, { id, ...stale(now, staleAfterMs) });
  return row;
}

const claimNextQuery = preparedQuery('claim_next_in_sequence', (db) => {
  const next = db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.sequenceKey, sql.placeholder('sequenceKey')), gt(t.sequence, sql.placeholder('after')), sql`${t.status} = ${constant(platformDeliveryStatus.pending)}`))
    .orderBy(asc(t.sequence))
    .limit(1);
  return db
    .update(t)
    .set(claim)
    .where(and(eq(t.id, sql`(${next})`), dueAt(valueFor('now', t.nextAttemptAt), valueFor('staleBefore', t.claimedAt)), firstInSequence))
    .returning();
});

/** The next pending delivery of a sequence after `after`, claimed when it is due and nothing is ahead of it. */
export async function claimNextInSequence(db: Executor, sequenceKey: string, after: number, now: Date, staleAfterMs: number): Promise<DeliveryRow | undefined> {
  const [row] = await claimNextQuery(db, { sequenceKey, after, ...stale(now, staleAfterMs) });
  return row;
}

const markDeliveredQuery = preparedQuery('mark_delivered', (db) =>
  db
    .update(t)
    .set({ status: platformDeliveryStatus.delivered, deliveredAt: sql`${valueFor('now', t.deliveredAt)}`, lastError: null, response: sql.placeholder('response'), payload: sql.placeholder('payload') })
    .where(eq(t.id, sql.placeholder('id'))),
);

export async function markDelivered(db: Executor, id: string, response: unknown, payload: unknown, now: Date) {
  await markDeliveredQuery(db, { id, response, payload, now });
}

export async function markFailedAttempt(db: Executor, id: string, error: string, retryAt: Date | null) {
  await db
    .update(t)
    .set(retryAt ? { status: platformDeliveryStatus.pending, lastError: error, nextAttemptAt: retryAt } : { status: platformDeliveryStatus.failed, lastError: error })
    .where(eq(t.id, id));
}

export async function dueDeliveryIds(db: Executor, now: Date, staleAfterMs: number, limit: number): Promise<string[]> {
  const rows = await db.select({ id: t.id }).from(t).where(due(now, staleAfterMs)).orderBy(t.sequence).limit(limit);
  return rows.map((row) => row.id);
}

/** The earliest delivery of its sequence that a pending one waits behind (see isAhead), as JSON. */
const waitingFor = sql<{ id: string; call: string; createdAt: string } | null>`(case when ${t}.status = ${platformDeliveryStatus.pending} then (
  select json_build_object('id', ahead.id, 'call', ahead.call, 'createdAt', ahead.created_at) from ${t} as ahead
  where ${isAhead} order by ahead.sequence limit 1) end)`;

export type ListedDelivery = DeliveryRow & { waitingFor: { id: string; call: string; createdAt: string } | null };

/** The newest deliveries (or the one of `id`), each pending one with the earlier delivery of its account it waits behind, if any. */
export async function listDeliveries(db: Executor, options: { failedOnly: boolean; limit: number; id?: string }): Promise<ListedDelivery[]> {
  const rows = await db
    .select({ row: t, waitingFor })
    .from(t)
    .where(and(options.failedOnly ? eq(t.status, platformDeliveryStatus.failed) : undefined, options.id ? eq(t.id, options.id) : undefined))
    .orderBy(desc(t.createdAt))
    .limit(options.limit);
  return rows.map(({ row, waitingFor: ahead }) => ({ ...row, waitingFor: ahead }));
}

export async function findDelivery(db: Executor, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(t).where(eq(t.id, id));
  return row;
}

/** A failed delivery gets a fresh round of tries, due now. */
export async function reopenFailed(db: Executor, id: string, now: Date): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(t)
    .set({ status: platformDeliveryStatus.pending, attempts: 0, nextAttemptAt: now, claimedAt: null })
    .where(and(eq(t.id, id), eq(t.status, platformDeliveryStatus.failed)))
    .returning();
  return row;
}

/** Purchase records and transfers touching `accountId` (as group, source or destination) that the platform has not taken yet. */
export async function undeliveredPointDeliveries(db: Executor, accountId: string): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(t)
    .where(
      and(
        inArray(t.call, ['purchase-record', 'point-transfer']),
        inArray(t.status, [platformDeliveryStatus.pending, platformDeliveryStatus.sending, platformDeliveryStatus.failed]),
        or(eq(t.subject, accountId), sql`${t.payload}->>'to' = ${accountId}`),
      ),
    );
}

export type PlatformAccountRow = typeof platformAccounts.$inferSelect;

/** Records an account; undefined when it was recorded already (the caller then owes no user/create). */
export async function insertPlatformAccountIfMissing(tx: Executor, row: typeof platformAccounts.$inferInsert): Promise<PlatformAccountRow | undefined> {
  const [inserted] = await tx.insert(platformAccounts).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** Sets `closed`; the row when it changed, undefined when there is no such account or it was so already. */
export async function setPlatformAccountClosed(tx: Executor, accountId: string, closed: boolean, now: Date): Promise<PlatformAccountRow | undefined> {
  const [row] = await tx
    .update(platformAccounts)
    .set({ closed, updatedAt: now })
    .where(and(eq(platformAccounts.accountId, accountId), eq(platformAccounts.closed, !closed)))
    .returning();
  return row;
}
