import type { ProviderPaymentOutcome } from '../../../shared/order-payments';

/**
 * The staff mail (and chat notice) of a virtual-account payment the provider took but the portal did
 * not apply, to the staff holding confirm_payment, in Traditional Chinese and English like the other
 * staff order mails (orders.mail.ts): what went wrong and what to do about the money.
 */
export type UnappliedOutcome = Exclude<ProviderPaymentOutcome, 'paid'>;

export interface UnappliedPaymentValues {
  brand: string;
  outcome: UnappliedOutcome;
  orderId: string;
  tradeNo: string;
  /** The amount paid, in TWD (formatMoney). */
  amount: string;
  /** When it was paid, in Taipei time. */
  paidAt: string;
  account: string;
  /** The order's own total and account deadline, when the order exists. */
  orderTotal?: string;
  deadline?: string;
  link: string;
}

const explained: Record<UnappliedOutcome, { zh: string; en: string; zhTodo: string; enTodo: string }> = {
  mismatch: {
    zh: '付款金額或虛擬帳號與訂單不符，款項未入帳，訂單未變更。',
    en: "The amount or the account differs from the order's: the payment was not applied and the order was not changed.",
    zhTodo: '請聯絡客戶：透過金流商將這筆款項退款，並請客戶於繳費期限前依訂單金額重新繳費。',
    enTodo: "Contact the customer: refund this payment through the payment provider and ask them to pay the order's exact amount before the deadline.",
  },
  late: {
    zh: '款項於虛擬帳號繳費期限之後才支付，款項未入帳，訂單未變更。',
    en: "It was paid after the account's deadline: the payment was not applied and the order was not changed.",
    zhTodo: '請透過金流商將這筆款項退款，並聯絡客戶；如仍要購買點數，請客戶重新下單。',
    enTodo: 'Refund this payment through the payment provider and contact the customer; to buy the points they place a new order.',
  },
  conflict: {
    zh: '訂單已不在待付款狀態（例如已由另一筆款項付清，或已取消），款項未入帳。',
    en: 'The order was no longer awaiting payment (for example already paid by another payment, or cancelled): the payment was not applied.',
    zhTodo: '這多半是重複付款：請透過金流商將這筆款項退款，並通知客戶。',
    enTodo: 'This is most likely a second payment: refund it through the payment provider and tell the customer.',
  },
  unknownOrder: {
    zh: '找不到以虛擬帳號付款的這筆訂單，款項未入帳。',
    en: 'There is no virtual-account order with this id: the payment was not applied.',
    zhTodo: '請向金流商查明付款人，並透過金流商將這筆款項退款。',
    enTodo: 'Ask the payment provider who paid, and refund the payment through the provider.',
  },
};

export function unappliedPaymentStaffMail(values: UnappliedPaymentValues) {
  const what = explained[values.outcome];
  const subject = `[${values.brand}] 虛擬帳號款項未入帳 Virtual-account payment not applied: ${values.orderId} ${values.tradeNo}`;
  const body = [
    '金流商回報一筆虛擬帳號款項，但未套用到訂單 / The payment provider reported a virtual-account payment that was not applied to the order.',
    '',
    `訂單 Order: ${values.orderId}`,
    `交易序號 Trade no.: ${values.tradeNo}`,
    `金額 Amount: ${values.amount}`,
    `付款時間 Paid at: ${values.paidAt}（台北時間 Taipei time）`,
    `虛擬帳號 Account: ${values.account}`,
    ...(values.orderTotal ? [`訂單金額 Order total: ${values.orderTotal}`] : []),
    ...(values.deadline ? [`繳費期限 Deadline: ${values.deadline}（台北時間 Taipei time）`] : []),
    '',
    '原因 What went wrong:',
    what.zh,
    what.en,
    '',
    '處理方式 What to do:',
    what.zhTodo,
    what.enTodo,
    '',
    values.link,
  ].join('\n');
  return { subject, body, chat: `${subject} ${values.amount} ${what.en}` };
}
