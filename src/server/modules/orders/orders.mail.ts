import type { Language } from '../../../shared/languages';
import type { OrderStatusCode } from '../../../shared/orders';
import { orderStatus } from '../../../shared/orders';

/**
 * Order mails: to the customer in their language, and to staff (Traditional Chinese and English)
 * who hold the permission of the next step (spec sections 1 and 6).
 */
export type OrderMailEvent = 'placed' | 'confirmed' | 'paymentConfirmed' | 'enabled' | 'cancelled';

export interface OrderMailValues {
  brand: string;
  name: string;
  orderId: string;
  total: string;
  points: string;
  link: string;
}

interface MailText {
  subject: string;
  body: string;
}

type Texts = Record<OrderMailEvent, Record<Language, (v: OrderMailValues) => MailText>>;

const customer: Texts = {
  placed: {
    'zh-TW': (v) => ({
      subject: `[${v.brand}] 已收到您的訂單 ${v.orderId}`,
      body: `${v.name} 您好：\n\n我們已收到您的訂單 ${v.orderId}：${v.points} 點，總金額 ${v.total}。\n請至訂單頁下載報價單與條款，簽回報價單後依報價單上的帳戶匯款，並回報匯款帳號末 5 碼。我們確認訂單後會再通知您。\n\n${v.link}\n\n${v.brand}`,
    }),
    en: (v) => ({
      subject: `[${v.brand}] We received your order ${v.orderId}`,
      body: `Hello ${v.name},\n\nWe received your order ${v.orderId}: ${v.points} points, ${v.total} in total.\nDownload the quotation and the terms from the order page, sign and return the quotation, remit to the account it names and report the last 5 digits of the paying account. We will write again once we have confirmed the order.\n\n${v.link}\n\n${v.brand}`,
    }),
    'zh-CN': (v) => ({
      subject: `[${v.brand}] 已收到您的订单 ${v.orderId}`,
      body: `${v.name} 您好：\n\n我们已收到您的订单 ${v.orderId}：${v.points} 点，总金额 ${v.total}。\n请到订单页下载报价单与条款，签回报价单后按报价单上的账户汇款，并回报汇款账号后 5 位。我们确认订单后会再通知您。\n\n${v.link}\n\n${v.brand}`,
    }),
    ja: (v) => ({
      subject: `[${v.brand}] ご注文 ${v.orderId} を承りました`,
      body: `${v.name} 様\n\nご注文 ${v.orderId}（${v.points} ポイント、合計 ${v.total}）を承りました。\n注文ページから見積書と規約をダウンロードし、署名した見積書をご返送のうえ、見積書記載の口座へお振り込みいただき、振込元口座の下 5 桁をご報告ください。注文を確認しましたら改めてご連絡いたします。\n\n${v.link}\n\n${v.brand}`,
    }),
  },
  confirmed: {
    'zh-TW': (v) => ({
      subject: `[${v.brand}] 訂單 ${v.orderId} 已確認，請匯款`,
      body: `${v.name} 您好：\n\n您的訂單 ${v.orderId} 已確認。請匯款 ${v.total} 至報價單上的帳戶，並在訂單頁回報匯款帳號末 5 碼。\n\n${v.link}\n\n${v.brand}`,
    }),
    en: (v) => ({
      subject: `[${v.brand}] Order ${v.orderId} confirmed: please remit`,
      body: `Hello ${v.name},\n\nYour order ${v.orderId} is confirmed. Please remit ${v.total} to the account on the quotation and report the last 5 digits of the paying account on the order page.\n\n${v.link}\n\n${v.brand}`,
    }),
    'zh-CN': (v) => ({
      subject: `[${v.brand}] 订单 ${v.orderId} 已确认，请汇款`,
      body: `${v.name} 您好：\n\n您的订单 ${v.orderId} 已确认。请汇款 ${v.total} 至报价单上的账户，并在订单页回报汇款账号后 5 位。\n\n${v.link}\n\n${v.brand}`,
    }),
    ja: (v) => ({
      subject: `[${v.brand}] ご注文 ${v.orderId} を確認しました。お振り込みをお願いします`,
      body: `${v.name} 様\n\nご注文 ${v.orderId} を確認しました。見積書記載の口座へ ${v.total} をお振り込みのうえ、注文ページで振込元口座の下 5 桁をご報告ください。\n\n${v.link}\n\n${v.brand}`,
    }),
  },
  paymentConfirmed: {
    'zh-TW': (v) => ({
      subject: `[${v.brand}] 訂單 ${v.orderId} 已確認收款`,
      body: `${v.name} 您好：\n\n我們已確認收到訂單 ${v.orderId} 的款項 ${v.total}，點數開通後將再通知您。\n\n${v.link}\n\n${v.brand}`,
    }),
    en: (v) => ({
      subject: `[${v.brand}] Payment for order ${v.orderId} confirmed`,
      body: `Hello ${v.name},\n\nWe have confirmed your payment of ${v.total} for order ${v.orderId}. We will write again when the points are granted.\n\n${v.link}\n\n${v.brand}`,
    }),
    'zh-CN': (v) => ({
      subject: `[${v.brand}] 订单 ${v.orderId} 已确认收款`,
      body: `${v.name} 您好：\n\n我们已确认收到订单 ${v.orderId} 的款项 ${v.total}，点数开通后将再通知您。\n\n${v.link}\n\n${v.brand}`,
    }),
    ja: (v) => ({
      subject: `[${v.brand}] ご注文 ${v.orderId} のご入金を確認しました`,
      body: `${v.name} 様\n\nご注文 ${v.orderId} のご入金 ${v.total} を確認しました。ポイントを付与しましたら改めてご連絡いたします。\n\n${v.link}\n\n${v.brand}`,
    }),
  },
  enabled: {
    'zh-TW': (v) => ({
      subject: `[${v.brand}] 訂單 ${v.orderId} 的點數已開通`,
      body: `${v.name} 您好：\n\n訂單 ${v.orderId} 的 ${v.points} 點已加入您的企業帳號，現在即可在 AI 平台使用。\n\n${v.link}\n\n${v.brand}`,
    }),
    en: (v) => ({
      subject: `[${v.brand}] The points of order ${v.orderId} are yours`,
      body: `Hello ${v.name},\n\nThe ${v.points} points of order ${v.orderId} have been added to your enterprise account; you can use them on the AI platform now.\n\n${v.link}\n\n${v.brand}`,
    }),
    'zh-CN': (v) => ({
      subject: `[${v.brand}] 订单 ${v.orderId} 的点数已开通`,
      body: `${v.name} 您好：\n\n订单 ${v.orderId} 的 ${v.points} 点已加入您的企业账号，现在即可在 AI 平台使用。\n\n${v.link}\n\n${v.brand}`,
    }),
    ja: (v) => ({
      subject: `[${v.brand}] ご注文 ${v.orderId} のポイントを付与しました`,
      body: `${v.name} 様\n\nご注文 ${v.orderId} の ${v.points} ポイントを企業アカウントに付与しました。AI プラットフォームですぐにご利用いただけます。\n\n${v.link}\n\n${v.brand}`,
    }),
  },
  cancelled: {
    'zh-TW': (v) => ({
      subject: `[${v.brand}] 訂單 ${v.orderId} 已取消`,
      body: `${v.name} 您好：\n\n訂單 ${v.orderId} 已取消，無須付款。若有疑問請與我們聯絡。\n\n${v.link}\n\n${v.brand}`,
    }),
    en: (v) => ({
      subject: `[${v.brand}] Order ${v.orderId} cancelled`,
      body: `Hello ${v.name},\n\nOrder ${v.orderId} has been cancelled; nothing is to be paid. Please contact us if you have questions.\n\n${v.link}\n\n${v.brand}`,
    }),
    'zh-CN': (v) => ({
      subject: `[${v.brand}] 订单 ${v.orderId} 已取消`,
      body: `${v.name} 您好：\n\n订单 ${v.orderId} 已取消，无须付款。如有疑问请与我们联系。\n\n${v.link}\n\n${v.brand}`,
    }),
    ja: (v) => ({
      subject: `[${v.brand}] ご注文 ${v.orderId} をキャンセルしました`,
      body: `${v.name} 様\n\nご注文 ${v.orderId} はキャンセルされました。お支払いは不要です。ご不明な点はお問い合わせください。\n\n${v.link}\n\n${v.brand}`,
    }),
  },
};

export function customerOrderMail(event: OrderMailEvent, language: Language, values: OrderMailValues): MailText {
  return customer[event][language](values);
}

const staffEvents: Record<OrderMailEvent, { zh: string; en: string }> = {
  placed: { zh: '新訂單待確認', en: 'New order to confirm' },
  confirmed: { zh: '訂單已確認，待收款', en: 'Order confirmed, awaiting payment' },
  paymentConfirmed: { zh: '已確認收款，待開通點數', en: 'Payment confirmed, points to enable' },
  enabled: { zh: '訂單點數已開通', en: 'Order points enabled' },
  cancelled: { zh: '訂單已取消', en: 'Order cancelled' },
};

/** Which mail a status change sends; none for the steps the customer does not need to hear about. */
export function mailEventOf(to: OrderStatusCode, enables: boolean): OrderMailEvent | undefined {
  if (enables) return 'enabled';
  if (to === orderStatus.awaitingPayment) return 'confirmed';
  if (to === orderStatus.paymentConfirmed) return 'paymentConfirmed';
  if (to === orderStatus.cancelled) return 'cancelled';
  return undefined;
}

/** Staff who hear of each event: those who act next (spec section 6). */
export const staffPermissionOf = {
  placed: 'confirm_order',
  confirmed: 'confirm_payment',
  paymentConfirmed: 'confirm_payment',
  enabled: 'confirm_payment',
  cancelled: 'confirm_order',
} as const;

export function staffOrderMail(event: OrderMailEvent, values: { brand: string; orderId: string; company: string; total: string; points: string; link: string }) {
  const what = staffEvents[event];
  const subject = `[${values.brand}] ${what.zh} ${what.en}: ${values.orderId}`;
  return {
    subject,
    body: [`${what.zh} / ${what.en}`, '', `訂單 Order: ${values.orderId}`, `公司 Company: ${values.company}`, `點數 Points: ${values.points}`, `金額 Total: ${values.total}`, '', values.link].join('\n'),
    chat: `${subject} ${values.company} ${values.total}`,
  };
}
