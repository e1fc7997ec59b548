import { and, desc, eq, getTableColumns, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { replyStatus, type ContactListCursor } from '../../../shared/messages';
import type { Executor } from '../../db/client';
import { selectValues } from '../../db/values';
import { customerMessageCounts, customerMessages } from '../../db/schema';

export type MessageRow = typeof customerMessages.$inferSelect;
export type NewMessageRow = typeof customerMessages.$inferInsert;

/** Inserts a message and counts it, in the caller's transaction. */
export async function insertMessage(tx: Executor, values: NewMessageRow): Promise<MessageRow> {
  const [row] = await tx.insert(customerMessages).values(values).returning();
  await adjustCount(tx, row!.status, 1);
  return row!;
}

// The inserted row must pass the check on its own (PostgreSQL checks it before resolving the conflict), hence never below 0.
async function adjustCount(tx: Executor, status: number, delta: number): Promise<void> {
  await tx
    .insert(customerMessageCounts)
    .values({ status, total: Math.max(delta, 0) })
    .onConflictDoUpdate({ target: customerMessageCounts.status, set: { total: sql`${customerMessageCounts.total} + ${delta}` } });
}

export interface MessageFilter {
  status?: number;
  type?: number;
  from?: Date;
  to?: Date;
  cursor?: ContactListCursor;
  limit: number;
}

/** Messages of a reply status, a scalar subquery on the counts kept with every change. */
const countOf = (status: number) =>
  sql<number>`(select coalesce(sum(${customerMessageCounts.total}), 0)::integer from ${customerMessageCounts} where ${customerMessageCounts.status} = ${status})`.mapWith(Number);

/**
 * One page of messages, newest first, starting after the cursor: an index range scan, never an
 * offset. The counts per reply status come in the same statement (a second one only when the page is empty).
 */
export async function findMessages(db: Executor, filter: MessageFilter): Promise<{ rows: MessageRow[]; counts: { open: number; replied: number } }> {
  const conditions: (SQL | undefined)[] = [
    filter.status === undefined ? undefined : eq(customerMessages.status, filter.status),
    filter.type === undefined ? undefined : eq(customerMessages.type, filter.type),
    filter.from ? gte(customerMessages.createdAt, filter.from) : undefined,
    filter.to ? lte(customerMessages.createdAt, filter.to) : undefined,
    filter.cursor
      ? or(lt(customerMessages.createdAt, filter.cursor.createdAt), and(eq(customerMessages.createdAt, filter.cursor.createdAt), lt(customerMessages.id, filter.cursor.id)))
      : undefined,
  ];
  const counts = { open: countOf(replyStatus.open), replied: countOf(replyStatus.replied) };
  const found = await db
    .select({ ...getTableColumns(customerMessages), ...counts })
    .from(customerMessages)
    .where(and(...conditions))
    .orderBy(desc(customerMessages.createdAt), desc(customerMessages.id))
    .limit(filter.limit);
  const rows = found.map(({ open: _open, replied: _replied, ...row }) => row);
  const counted = found[0] ?? (await selectValues(db, counts));
  return { rows, counts: { open: counted.open, replied: counted.replied } };
}

/**
 * Marks an open message replied, in the caller's transaction; returns undefined when it does not
 * exist or was replied already, so that of two staff members answering at once only one succeeds.
 */
export async function markMessageReplied(
  tx: Executor,
  id: number,
  reply: { staffId: string | null; at: Date; body: string | null },
): Promise<MessageRow | undefined> {
  const [row] = await tx
    .update(customerMessages)
    .set({ status: replyStatus.replied, repliedAt: reply.at, repliedBy: reply.staffId, replyBody: reply.body })
    .where(and(eq(customerMessages.id, id), eq(customerMessages.status, replyStatus.open)))
    .returning();
  if (row) {
    await adjustCount(tx, replyStatus.open, -1);
    await adjustCount(tx, replyStatus.replied, 1);
  }
  return row;
}

export async function findMessageById(db: Executor, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(customerMessages).where(eq(customerMessages.id, id));
  return row;
}

export async function hasMessages(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: customerMessages.id }).from(customerMessages).limit(1);
  return rows.length > 0;
}
