import {
  contactListInput,
  contactMessageInput,
  type ContactListInput,
  type ContactMessage,
  type ContactMessageForm,
  type ContactMessageInput,
} from '../../../shared/messages';
import type { Language } from '../../../shared/languages';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { queueChatNotice, queueMails, scheduleDelivery } from '../notifications/outbox.service';
import { staffHolding } from '../staff/permissions.service';
import { staffMailForContact } from './messages.mail';
import { countMessages, findMessageById, findMessages, insertMessage, markMessageReplied, type MessageRow, type NewMessageRow } from './messages.repository';

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
    const recipients = deps.config.MAIL_NOTIFICATIONS ? await staffHolding(tx, 'customer_service') : [];
    const mailIds = await queueMails(
      tx,
      recipients.map((member) => ({ kind: 'contact.staff', recipient: member.email, subject: texts.subject, body: texts.body })),
      now,
    );
    const noticeIds = deps.config.CHAT_NOTIFICATIONS ? [await queueChatNotice(tx, 'contact.staff', texts.chat, now)] : [];
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
  };
}

export async function listContactMessages(deps: Pick<Deps, 'db'>, filter: ContactListInput) {
  const { status, page, pageSize } = contactListInput.parse(filter);
  const { rows, total } = await findMessages(deps.db, { status, limit: pageSize, offset: (page - 1) * pageSize });
  return { items: rows.map(toContactMessage), total, page, pageSize };
}

/** Marks a message replied. Replying twice is refused, so two staff members do not both answer it. */
export async function replyToContactMessage(deps: Pick<Deps, 'db' | 'clock'>, messageId: number, staffId: string | null): Promise<ContactMessage> {
  const updated = await markMessageReplied(deps.db, messageId, staffId, deps.clock());
  if (updated) return toContactMessage(updated);
  if (!(await findMessageById(deps.db, messageId))) throw new AppError('NotFound');
  throw new AppError('OperationError', { reason: 'alreadyReplied' });
}

/** Adds `messages` (the demo data) to a message table that is still empty. */
export async function addMessagesIfNone(db: Executor, messages: readonly NewMessageRow[]): Promise<void> {
  if ((await countMessages(db)) > 0) return;
  for (const message of messages) await insertMessage(db, message);
}
