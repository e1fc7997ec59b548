import { and, desc, eq, gte, lt, lte, or, sql } from 'drizzle-orm';
import { DESCRIPTION_PREVIEW_LENGTH, replyStatus, type ContactListCursor } from '../../../shared/messages';
import type { Executor } from '../../db/client';
import { keysOf, pageLimitOf, pageShapeOf, preparedQueryByShape, valueFor } from '../../db/prepared';
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

/** A row of the inbox: the columns it shows, and the description cut to its preview in the database, so that the rest never leaves it. */
const listColumns = {
  id: customerMessages.id,
  status: customerMessages.status,
  firstName: customerMessages.firstName,
  lastName: customerMessages.lastName,
  email: customerMessages.email,
  type: customerMessages.type,
  createdAt: customerMessages.createdAt,
  description: sql<string>`case when char_length(${customerMessages.description}) > ${sql.raw(String(DESCRIPTION_PREVIEW_LENGTH))}
    then left(${customerMessages.description}, ${sql.raw(String(DESCRIPTION_PREVIEW_LENGTH - 1))}) || '…' else ${customerMessages.description} end`.as('description'),
};
export type MessageListRow = Pick<MessageRow, keyof typeof listColumns>;

/** The optional filters of a page, in the order of their bits in the page query's shape. */
const FILTERS = ['status', 'type', 'from', 'to', 'cursor'] as const;

/** The message list is the back office's busiest page: its query is built once per shape of filters and step of its limit (the bits above FILTERS'). */
const pageQuery = preparedQueryByShape('messages_page', (shape) => {
  const has = keysOf(shape, FILTERS);
  const limit = pageLimitOf(shape, FILTERS);
  const { createdAt, id } = customerMessages;
  return (db) =>
    db
      .select({ ...listColumns, open: countOf(replyStatus.open), replied: countOf(replyStatus.replied) })
      .from(customerMessages)
      .where(
        and(
          has.status ? eq(customerMessages.status, valueFor('status', customerMessages.status)) : undefined,
          has.type ? eq(customerMessages.type, valueFor('type', customerMessages.type)) : undefined,
          has.from ? gte(createdAt, valueFor('from', createdAt)) : undefined,
          has.to ? lte(createdAt, valueFor('to', createdAt)) : undefined,
          has.cursor ? or(lt(createdAt, valueFor('cursorAt', createdAt)), and(eq(createdAt, valueFor('cursorAt', createdAt)), lt(id, valueFor('cursorId', id)))) : undefined,
        ),
      )
      .orderBy(desc(createdAt), desc(id))
      .limit(limit);
});

/**
 * One page of messages, newest first, starting after the cursor: an index range scan, never an
 * offset. The counts per reply status come in the same statement (a second one only when the page is empty).
 */
export async function findMessages(db: Executor, filter: MessageFilter): Promise<{ rows: MessageListRow[]; counts: { open: number; replied: number } }> {
  const found = await pageQuery(pageShapeOf(filter, FILTERS, filter.limit), db, { ...filter, cursorAt: filter.cursor?.createdAt, cursorId: filter.cursor?.id });
  const rows = found.slice(0, filter.limit).map(({ open: _open, replied: _replied, ...row }) => row);
  const counted = found[0] ?? (await selectValues(db, { open: countOf(replyStatus.open), replied: countOf(replyStatus.replied) }));
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
