import { isLanguage, type Language } from '../../../shared/languages';
import { formatMoney, formatPoints, formatTaipeiDateTime } from '../../../shared/money';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { portalLink } from '../auth/auth.mail';
import { queueChatNotice, queueMails, type Queued } from '../notifications/outbox.service';
import { staffNotices } from '../staff/mail-settings.service';
import { customerOrderMail, hasStaffMail, staffOrderMail, staffPermissionOf, type OrderMailEvent } from './orders.mail';
import type { OrderRow } from './orders.repository';
import { unappliedPaymentStaffMail, type UnappliedOutcome } from './unapplied-payment.mail';

export interface OrderCustomer {
  email: string;
  name: string;
  language: string;
}

/**
 * Writes the mails of an order event to the outbox in the caller's transaction: the customer's in
 * their language, and one to every staff member holding the permission of the next step, plus the
 * chat notice; each only when its feature flag is on. Deliver with scheduleDelivery after commit.
 */
export async function queueOrderMails(deps: Pick<Deps, 'config' | 'clock'>, tx: Executor, event: OrderMailEvent, order: OrderRow, customer: OrderCustomer): Promise<Queued> {
  const now = deps.clock();
  const brand = deps.config.BRAND_NAME;
  const language: Language = isLanguage(customer.language) ? customer.language : 'zh-TW';
  const amounts = (lang: Language) => ({ total: formatMoney(order.totalMinor, lang), points: formatPoints(order.pointsTenths, lang) });
  const customerText = customerOrderMail(event, language, {
    brand,
    name: customer.name,
    orderId: order.id,
    ...amounts(language),
    link: portalLink(deps.config, `/management-center/member-order/${order.id}`, language),
    ...(order.vaccAccount && order.vaccBankCode && order.vaccExpiresAt
      ? { virtualAccount: { bankCode: order.vaccBankCode, account: order.vaccAccount, deadline: formatTaipeiDateTime(order.vaccExpiresAt) } }
      : {}),
  });
  const mails = deps.config.MAIL_NOTIFICATIONS ? [{ kind: `order.${event}`, recipient: customer.email, ...customerText }] : [];
  let staffChat: string | undefined;
  if (hasStaffMail(event)) {
    const staffText = staffOrderMail(event, { brand, orderId: order.id, company: order.companyName, ...amounts('zh-TW'), link: portalLink(deps.config, `/admin/orders/${order.id}`, 'zh-TW') });
    const staff = await staffNotices(tx, deps.config, staffPermissionOf[event]);
    for (const member of staff.recipients) mails.push({ kind: `order.${event}.staff`, recipient: member.email, subject: staffText.subject, body: staffText.body });
    if (staff.chat) staffChat = staffText.chat;
  }
  const mailIds = await queueMails(tx, mails, now);
  const noticeIds = staffChat === undefined ? [] : [await queueChatNotice(tx, `order.${event}.staff`, staffChat, now)];
  return { mailIds, noticeIds };
}

export interface UnappliedPayment {
  outcome: UnappliedOutcome;
  tradeNo: string;
  orderId: string;
  account: string;
  amountMinor: number;
  paidAt: Date;
}

/**
 * Tells the staff holding confirm_payment, in the callback's transaction, of a payment the provider
 * took that was not applied (`order`: the order it names, when there is one): a mail each while
 * staff mails are on, and the chat notice. Deliver with scheduleDelivery after commit.
 */
export async function queueUnappliedPaymentNotice(deps: Pick<Deps, 'config' | 'clock'>, tx: Executor, payment: UnappliedPayment, order: OrderRow | undefined): Promise<Queued> {
  const now = deps.clock();
  const text = unappliedPaymentStaffMail({
    brand: deps.config.BRAND_NAME,
    outcome: payment.outcome,
    orderId: payment.orderId,
    tradeNo: payment.tradeNo,
    amount: formatMoney(payment.amountMinor, 'zh-TW'),
    paidAt: formatTaipeiDateTime(payment.paidAt),
    account: payment.account,
    ...(order ? { orderTotal: formatMoney(order.totalMinor, 'zh-TW') } : {}),
    ...(order?.vaccExpiresAt ? { deadline: formatTaipeiDateTime(order.vaccExpiresAt) } : {}),
    link: portalLink(deps.config, order ? `/admin/orders/${order.id}` : '/admin/orders', 'zh-TW'),
  });
  const kind = 'order.paymentNotApplied.staff';
  const staff = await staffNotices(tx, deps.config, 'confirm_payment');
  const mailIds = await queueMails(
    tx,
    staff.recipients.map((member) => ({ kind, recipient: member.email, subject: text.subject, body: text.body })),
    now,
  );
  const noticeIds = staff.chat ? [await queueChatNotice(tx, kind, text.chat, now)] : [];
  return { mailIds, noticeIds };
}
