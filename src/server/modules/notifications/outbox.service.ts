import type { Executor } from '../../db/client';
import type { DeliveryResult } from './mailer';
import type { Deps } from '../../deps';
import { chatNotices, mailOutbox, type MailAttachment } from '../../db/schema';
import {
  claim,
  dueIds,
  insertChatNotice,
  insertMails,
  listChatNotices,
  listMails,
  markDelivered,
  markFailedAttempt,
  redactDeliveredLinks,
  type OutboxTable,
} from './outbox.repository';

/** After this many tries a delivery is marked failed and left for a person to look at. */
export const MAX_ATTEMPTS = 6;
const STALE_CLAIM_MS = 5 * 60_000;

/** Seconds before try n+1: 30 s, 1 min, 2 min, 4 min, 8 min. */
export function retryDelayMs(attempts: number): number {
  return 30_000 * 2 ** Math.max(0, attempts - 1);
}

export interface QueuedMail {
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  attachments?: MailAttachment[];
}

export interface Queued {
  mailIds: string[];
  noticeIds: string[];
}

/** Writes mails to the outbox inside the caller's transaction; deliver them with `scheduleDelivery` after it commits. */
export async function queueMails(tx: Executor, mails: QueuedMail[], at: Date): Promise<string[]> {
  return (await insertMails(tx, mails.map((mail) => ({ ...mail, createdAt: at, nextAttemptAt: at })))).map((row) => row.id);
}

export async function queueChatNotice(tx: Executor, kind: string, message: string, at: Date): Promise<string> {
  return (await insertChatNotice(tx, { kind, message, createdAt: at, nextAttemptAt: at })).id;
}

/** Hands freshly committed outbox rows to the job queue; the sweep picks up anything this misses. */
export async function scheduleDelivery(deps: Deps, queued: Queued): Promise<void> {
  try {
    for (const id of queued.mailIds) await deps.jobs.enqueue('deliver-mail', { id });
    for (const id of queued.noticeIds) await deps.jobs.enqueue('deliver-chat-notice', { id });
  } catch (error) {
    deps.log.warn({ err: error }, 'could not enqueue deliveries; the outbox sweep will send them');
  }
}

async function deliver<R extends { attempts: number }>(deps: Deps, table: OutboxTable, id: string, row: R | undefined, send: (row: R) => Promise<DeliveryResult>) {
  if (!row) return 'not-due' as const;
  try {
    const result = await send(row);
    await markDelivered(deps.db, table, id, result, deps.clock());
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const retryAt = row.attempts < MAX_ATTEMPTS ? new Date(deps.clock().getTime() + retryDelayMs(row.attempts)) : null;
    await markFailedAttempt(deps.db, table, id, message.slice(0, 1000), retryAt);
    // A failed mail or notice is only logged (spec section 8); the user never sees it.
    deps.log.warn({ err: error, outboxId: id, attempts: row.attempts, willRetry: Boolean(retryAt) }, 'delivery failed');
    return retryAt ? ('retry' as const) : ('failed' as const);
  }
}

/**
 * Sends a queued mail. Once it went out, the verification and reset links in its stored body are
 * redacted; a mail only recorded (no SMTP_URL) keeps them, as the outbox is then the only copy.
 */
export async function deliverMail(deps: Deps, id: string) {
  const row = await claim(deps.db, mailOutbox, id, deps.clock(), STALE_CLAIM_MS);
  const result = await deliver(deps, mailOutbox, id, row, (mail) => deps.mailer.send({ to: mail.recipient, subject: mail.subject, text: mail.body, attachments: mail.attachments }));
  if (result === 'sent') await redactDeliveredLinks(deps.db, id);
  return result;
}

export async function deliverChatNotice(deps: Deps, id: string) {
  const row = await claim(deps.db, chatNotices, id, deps.clock(), STALE_CLAIM_MS);
  return deliver(deps, chatNotices, id, row, (notice) => deps.notifier.notify(notice.message));
}

/** Delivers whatever is due: rows whose job was lost, retries whose time has come, stuck claims. */
export async function sweepOutbox(deps: Deps, limit = 100): Promise<number> {
  const now = deps.clock();
  const mails = await dueIds(deps.db, mailOutbox, now, STALE_CLAIM_MS, limit);
  const notices = await dueIds(deps.db, chatNotices, now, STALE_CLAIM_MS, limit);
  for (const id of mails) await deliverMail(deps, id);
  for (const id of notices) await deliverChatNotice(deps, id);
  return mails.length + notices.length;
}

export async function listOutbox(db: Executor, limit = 50) {
  return { mails: await listMails(db, limit), notices: await listChatNotices(db, limit) };
}
