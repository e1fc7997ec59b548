import {
  contactListInput,
  contactMessageInput,
  contactReplyInput,
  replyStatus,
  type ContactListInput,
  type ContactMessage,
  type ContactMessageForm,
  type ContactListItem,
  type ContactMessageInput,
  type ContactReplyInput,
} from '../../../shared/messages';
import type { Language } from '../../../shared/languages';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { queueChatNotice, queueMails, scheduleDelivery } from '../notifications/outbox.service';
import { staffNotices } from '../staff/mail-settings.service';
import { customerMailForReply, staffMailForContact } from './messages.mail';
import { findMessageById, findMessages, hasMessages, insertMessage, markMessageReplied, type MessageListRow, type MessageRow, type NewMessageRow } from './messages.repository';

/**
 * Stores a contact message (status open) and, in the same transaction, the mails to every staff
 * member with the customer_service permission and the chat notice, each only when its feature flag
 * is on. Delivery happens in jobs after the commit; a failed delivery never reaches the visitor.
 */
export async function submitContactMessage(deps: Deps, form: ContactMessageForm, language: Language): Promise<{ id: number }> {
  const input: ContactMessageInput = contactMessageInput.parse(form);
  const { message, queued } = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const message = await insertMessage(tx, { ...input, language, createdAt: now });
    const texts = staffMailForContact({ message, brand: deps.config.BRAND_NAME, publicUrl: deps.config.PUBLIC_URL });
    const { recipients, chat } = await staffNotices(tx, deps.config, 'customer_service');
    const mailIds = await queueMails(
      tx,
      recipients.map((member) => ({ kind: 'contact.staff', recipient: member.email, subject: texts.subject, body: texts.body })),
      now,
    );
    const noticeIds = chat ? [await queueChatNotice(tx, 'contact.staff', texts.chat, now)] : [];
    return { message, queued: { mailIds, noticeIds } };
  });
  await scheduleDelivery(deps, queued);
  deps.log.info({ messageId: message.id, type: message.type }, 'contact message received');
  return { id: message.id };
}

/** A stored message as staff read it: every field of the form, its status and who replied when. */
function toContactMessage(row: MessageRow): ContactMessage {
  return {
    id: row.id,
    status: row.status as ContactMessage['status'],
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    type: row.type,
    description: row.description,
    companyIndustry: row.companyIndustry,
    adoptionTime: row.adoptionTime,
    attendees: row.attendees,
    classMode: row.classMode,
    courseContent: row.courseContent,
    language: row.language as Language,
    createdAt: row.createdAt,
    repliedAt: row.repliedAt,
    repliedBy: row.repliedBy,
    replyBody: row.replyBody,
  };
}

/** A row of the inbox: who wrote, when, about what, and the beginning of the description. */
function toListItem(row: MessageListRow): ContactListItem {
  return { ...row, status: row.status as ContactListItem['status'] };
}

/** One page of the inbox, newest first, with the cursor of the next page and the counts per status. */
export async function listContactMessages(deps: Pick<Deps, 'db'>, filter: ContactListInput) {
  const { pageSize, ...where } = contactListInput.parse(filter);
  // One row more than the page tells whether another page follows, without counting.
  const { rows, counts } = await findMessages(deps.db, { ...where, limit: pageSize + 1 });
  const items = rows.slice(0, pageSize).map(toListItem);
  const last = items.at(-1);
  const next = rows.length > pageSize && last ? { createdAt: last.createdAt, id: last.id } : null;
  return { items, next, counts };
}

export async function contactMessageById(deps: Pick<Deps, 'db'>, messageId: number): Promise<ContactMessage> {
  const row = await findMessageById(deps.db, messageId);
  if (!row) throw new AppError('NotFound');
  return toContactMessage(row);
}

/**
 * Answers a message: with a body, the reply is mailed to the customer (through the outbox, in the
 * message's language) and kept with the message; without one it is only marked replied. Replying
 * twice is refused, so two staff members never both answer one message.
 */
export async function replyToContactMessage(deps: Deps, reply: ContactReplyInput, actor: StaffActor): Promise<ContactMessage> {
  const { messageId, body } = contactReplyInput.parse(reply);
  const result = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const updated = await markMessageReplied(tx, messageId, { staffId: actor.staffId, at: now, body: body ?? null });
    if (!updated) return undefined;
    await recordStaffAction(tx, { ...actor, action: 'message.reply', target: `message:${messageId}`, before: { status: replyStatus.open }, after: { status: updated.status, mailed: Boolean(body) } });
    const mail = body ? customerMailForReply({ message: updated, brand: deps.config.BRAND_NAME, body }) : undefined;
    const mailIds = mail ? await queueMails(tx, [{ kind: 'contact.reply', recipient: updated.email, ...mail }], now) : [];
    return { updated, mailIds };
  });
  if (result) {
    await scheduleDelivery(deps, { mailIds: result.mailIds, noticeIds: [] });
    return toContactMessage(result.updated);
  }
  if (!(await findMessageById(deps.db, messageId))) throw new AppError('NotFound');
  throw new AppError('OperationError', { reason: 'alreadyReplied' });
}

/** Adds `messages` (the demo data) to a message table that is still empty, in the caller's transaction. */
export async function addMessagesIfNone(tx: Executor, messages: readonly NewMessageRow[]): Promise<void> {
  if (await hasMessages(tx)) return;
  for (const message of messages) await insertMessage(tx, message);
}
