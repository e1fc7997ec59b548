import { and, desc, eq, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chatNotices, mailOutbox } from '../../db/schema';

export type MailRow = typeof mailOutbox.$inferSelect;
export type ChatNoticeRow = typeof chatNotices.$inferSelect;
export type OutboxTable = typeof mailOutbox | typeof chatNotices;

/** Both outbox tables share their delivery columns; queries on those columns treat them alike. */
function asDeliveryTable(table: OutboxTable): typeof mailOutbox {
  return table as typeof mailOutbox;
}

export async function insertMails(db: Executor, rows: Array<typeof mailOutbox.$inferInsert>): Promise<MailRow[]> {
  if (rows.length === 0) return [];
  return db.insert(mailOutbox).values(rows).returning();
}

export async function insertChatNotice(db: Executor, row: typeof chatNotices.$inferInsert): Promise<ChatNoticeRow> {
  const [inserted] = await db.insert(chatNotices).values(row).returning();
  return inserted!;
}

/**
 * Claims a row for delivery: only one worker wins it, and only while it is due. A row left in
 * 'sending' by a worker that died is claimable again after `staleAfterMs`.
 */
export function claim(db: Executor, outbox: typeof mailOutbox, id: string, now: Date, staleAfterMs: number): Promise<MailRow | undefined>;
export function claim(db: Executor, outbox: typeof chatNotices, id: string, now: Date, staleAfterMs: number): Promise<ChatNoticeRow | undefined>;
export async function claim(db: Executor, outbox: OutboxTable, id: string, now: Date, staleAfterMs: number): Promise<MailRow | ChatNoticeRow | undefined> {
  const table = asDeliveryTable(outbox);
  const stale = new Date(now.getTime() - staleAfterMs);
  const [row] = await db
    .update(table)
    .set({ status: 'sending', claimedAt: now, attempts: sql`${table.attempts} + 1` })
    .where(
      and(
        eq(table.id, id),
        or(and(eq(table.status, 'pending'), lte(table.nextAttemptAt, now)), and(eq(table.status, 'sending'), lte(table.claimedAt, stale))),
      ),
    )
    .returning();
  // The update went to `outbox`; its row has that table's own columns.
  return row as MailRow | ChatNoticeRow | undefined;
}

export async function markDelivered(db: Executor, outbox: OutboxTable, id: string, status: 'sent' | 'recorded', now: Date) {
  const table = asDeliveryTable(outbox);
  await db.update(table).set({ status, deliveredAt: now, lastError: null }).where(eq(table.id, id));
}

/** Mailed-link tokens in a delivered mail's stored body, replaced: the outbox is no place to pick up a working link. */
export async function redactDeliveredLinks(db: Executor, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ body: sql`regexp_replace(${mailOutbox.body}, '#token=[A-Za-z0-9_-]{43}', '#token=[sent]', 'g')` })
    .where(eq(mailOutbox.id, id));
}

export async function markFailedAttempt(db: Executor, outbox: OutboxTable, id: string, error: string, retryAt: Date | null) {
  const table = asDeliveryTable(outbox);
  await db
    .update(table)
    .set(retryAt ? { status: 'pending', lastError: error, nextAttemptAt: retryAt } : { status: 'failed', lastError: error })
    .where(eq(table.id, id));
}

/** Ids of rows that are due: pending and past their next attempt, or stuck in 'sending'. */
export async function dueIds(db: Executor, outbox: OutboxTable, now: Date, staleAfterMs: number, limit: number): Promise<string[]> {
  const table = asDeliveryTable(outbox);
  const stale = new Date(now.getTime() - staleAfterMs);
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(or(and(eq(table.status, 'pending'), lte(table.nextAttemptAt, now)), and(eq(table.status, 'sending'), lte(table.claimedAt, stale))))
    .orderBy(table.createdAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function listMails(db: Executor, limit: number): Promise<MailRow[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}

export async function listChatNotices(db: Executor, limit: number): Promise<ChatNoticeRow[]> {
  return db.select().from(chatNotices).orderBy(desc(chatNotices.createdAt)).limit(limit);
}
