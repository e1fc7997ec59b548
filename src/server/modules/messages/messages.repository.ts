import { and, count, desc, eq } from 'drizzle-orm';
import { replyStatus } from '../../../shared/messages';
import type { Executor } from '../../db/client';
import { customerMessages } from '../../db/schema';

export type MessageRow = typeof customerMessages.$inferSelect;
export type NewMessageRow = typeof customerMessages.$inferInsert;

export async function insertMessage(db: Executor, values: NewMessageRow): Promise<MessageRow> {
  const [row] = await db.insert(customerMessages).values(values).returning();
  return row!;
}

export async function findMessages(db: Executor, filter: { status?: number; limit: number; offset: number }) {
  const where = filter.status === undefined ? undefined : eq(customerMessages.status, filter.status);
  const rows = await db
    .select()
    .from(customerMessages)
    .where(where)
    .orderBy(desc(customerMessages.createdAt), desc(customerMessages.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db.select({ value: count() }).from(customerMessages).where(where);
  return { rows, total: total?.value ?? 0 };
}

/** Marks an open message replied; returns undefined when it does not exist or was replied already. */
export async function markMessageReplied(db: Executor, id: number, staffId: string | null, at: Date): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(customerMessages)
    .set({ status: replyStatus.replied, repliedAt: at, repliedBy: staffId })
    .where(and(eq(customerMessages.id, id), eq(customerMessages.status, replyStatus.open)))
    .returning();
  return row;
}

export async function findMessageById(db: Executor, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(customerMessages).where(eq(customerMessages.id, id));
  return row;
}

export async function countMessages(db: Executor): Promise<number> {
  const [total] = await db.select({ value: count() }).from(customerMessages);
  return total?.value ?? 0;
}
