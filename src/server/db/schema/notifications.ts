import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A file sent with a mail, e.g. a class's calendar file (text/calendar); text content only. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/**
 * Outbox of everything the portal sends to people: mails and chat notices. A row is written in the
 * same transaction as the change it tells of and delivered by a job; its status is the delivery
 * state: pending → sending → sent, recorded (no transport configured), or failed after the last try.
 */
const delivery = {
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};
const statusCheck = (column: unknown) => sql`${column} in ('pending', 'sending', 'sent', 'recorded', 'failed')`;

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the mail is about, e.g. 'contact.staff'; also used to pick its recipients. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    ...delivery,
  },
  (table) => [check('mail_outbox_status_check', statusCheck(table.status)), index('mail_outbox_status_idx').on(table.status, table.nextAttemptAt)],
);

export const chatNotices = pgTable(
  'chat_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    ...delivery,
  },
  (table) => [check('chat_notices_status_check', statusCheck(table.status)), index('chat_notices_status_idx').on(table.status, table.nextAttemptAt)],
);
