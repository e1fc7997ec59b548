import type { Language } from '../../../shared/languages';
import type { OrderMailEvent } from '../../../shared/order-transitions';
import type { StaffPermission } from '../../../shared/staff';

/**
 * Order mails: to the customer in their language, and to staff (Traditional Chinese and English)
 * who hold the permission of the next step (spec sections 1 and 6). An order paid by remittance is
 * placed, confirmed by staff and paid to the account on the quotation; one paid to a virtual account
 * is placed, gets its account from the payment provider (its number and deadline in the mail), and
 * is closed if that deadline passes unpaid.
 */
export type { OrderMailEvent };

export interface OrderMailValues {
  brand: string;
  name: string;
  orderId: string;
  total: string;
  points: string;
  link: string;
  /** The order's virtual account, its deadline in Taipei time: in the mail that gives it. */
  virtualAccount?: { bankCode: string; account: string; deadline: string };
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
  placedVirtualAccount: {
    'zh-TW': (v) => ({
      subject: `[${v.brand}] 已收到您的訂單 ${v.orderId}`,
      body: `${v.name} 您好：\n\n我們已收到您的訂單 ${v.orderId}：${v.points} 點，總金額 ${v.total}，以虛擬帳號付款。\n虛擬帳號開立後，我們會寄上帳號與繳費期限，訂單頁也會顯示。\n\n${v.link}\n\n${v.brand}`,
    }),
    en: (v) => ({
      subject: `[${v.brand}] We received your order ${v.orderId}`,
      body: `Hello ${v.name},\n\nWe received your order ${v.orderId}: ${v.points} points, ${v.total} in total, to be paid to a virtual account.\nOnce the account is issued we will send you its number and the deadline to pay; the order page shows them too.\n\n${v.link}\n\n${v.brand}`,
    }),
    'zh-CN': (v) => ({
      subject: `[${v.brand}] 已收到您的订单 ${v.orderId}`,
      body: `${v.name} 您好：\n\n我们已收到您的订单 ${v.orderId}：${v.points} 点，总金额 ${v.total}，以虚拟账号付款。\n虚拟账号开立后，我们会发送账号与缴费期限，订单页也会显示。\n\n${v.link}\n\n${v.brand}`,
    }),
    ja: (v) => ({
      subject: `[${v.brand}] ご注文 ${v.orderId} を承りました`,
      body: `${v.name} 様\n\nご注文 ${v.orderId}（${v.points} ポイント、合計 ${v.total}、バーチャル口座でのお支払い）を承りました。\n口座が発行されましたら、口座番号とお支払い期限をお知らせします。注文ページにも表示されます。\n\n${v.link}\n\n${v.brand}`,
    }),
  },
  virtualAccountIssued: {
    'zh-TW': (v) => ({
      subject: `[${v.brand}] 訂單 ${v.orderId} 的繳費虛擬帳號`,
      body: `${v.name} 您好：\n\n請於 ${v.virtualAccount?.deadline}（台北時間）前，將 ${v.total} 轉入以下虛擬帳號：\n銀行代碼 ${v.virtualAccount?.bankCode}\n帳號 ${v.virtualAccount?.account}\n\n入帳後我們會自動確認收款並通知您。\n\n${v.link}\n\n${v.brand}`,
    }),
    en: (v) => ({
      subject: `[${v.brand}] The virtual account to pay order ${v.orderId}`,
      body: `Hello ${v.name},\n\nPlease transfer ${v.total} to this virtual account by ${v.virtualAccount?.deadline} (Taipei time):\nBank code ${v.virtualAccount?.bankCode}\nAccount ${v.virtualAccount?.account}\n\nWe confirm the payment as soon as it arrives and will write to you.\n\n${v.link}\n\n${v.brand}`,
    }),
    'zh-CN': (v) => ({
      subject: `[${v.brand}] 订单 ${v.orderId} 的缴费虚拟账号`,
      body: `${v.name} 您好：\n\n请于 ${v.virtualAccount?.deadline}（台北时间）前，将 ${v.total} 转入以下虚拟账号：\n银行代码 ${v.virtualAccount?.bankCode}\n账号 ${v.virtualAccount?.account}\n\n到账后我们会自动确认收款并通知您。\n\n${v.link}\n\n${v.brand}`,
    }),
    ja: (v) => ({
      subject: `[${v.brand}] ご注文 ${v.orderId} のお支払い用バーチャル口座`,
      body: `${v.name} 様\n\n${v.virtualAccount?.deadline}（台北時間）までに、下記のバーチャル口座へ ${v.total} をお振り込みください。\n銀行コード ${v.virtualAccount?.bankCode}\n口座番号 ${v.virtualAccount?.account}\n\n入金を確認しだい、改めてご連絡いたします。\n\n${v.link}\n\n${v.brand}`,
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
  expired: {
    'zh-TW': (v) => ({
      subject: `[${v.brand}] 訂單 ${v.orderId} 已逾期關閉`,
      body: `${v.name} 您好：\n\n訂單 ${v.orderId} 的虛擬帳號已超過繳費期限，訂單已關閉，無須付款。如仍需購買點數，請重新下單。\n\n${v.link}\n\n${v.brand}`,
    }),
    en: (v) => ({
      subject: `[${v.brand}] Order ${v.orderId} closed: its payment deadline passed`,
      body: `Hello ${v.name},\n\nThe virtual account of order ${v.orderId} has passed its deadline, so the order is closed and nothing is to be paid. To buy the points, please place a new order.\n\n${v.link}\n\n${v.brand}`,
    }),
    'zh-CN': (v) => ({
      subject: `[${v.brand}] 订单 ${v.orderId} 已逾期关闭`,
      body: `${v.name} 您好：\n\n订单 ${v.orderId} 的虚拟账号已超过缴费期限，订单已关闭，无须付款。如仍需购买点数，请重新下单。\n\n${v.link}\n\n${v.brand}`,
    }),
    ja: (v) => ({
      subject: `[${v.brand}] ご注文 ${v.orderId} はお支払い期限を過ぎました`,
      body: `${v.name} 様\n\nご注文 ${v.orderId} のバーチャル口座はお支払い期限を過ぎたため、注文を終了しました。お支払いは不要です。ポイントをご購入の場合は、改めてご注文ください。\n\n${v.link}\n\n${v.brand}`,
    }),
  },
};

export function customerOrderMail(event: OrderMailEvent, language: Language, values: OrderMailValues): MailText {
  return customer[event][language](values);
}

/** What staff are told of each event they hear of (see staffPermissionOf). */
const staffEvents: Record<StaffMailEvent, { zh: string; en: string }> = {
  placed: { zh: '新訂單待確認', en: 'New order to confirm' },
  placedVirtualAccount: { zh: '新訂單，以虛擬帳號付款', en: 'New order, to be paid to a virtual account' },
  expired: { zh: '虛擬帳號逾期，訂單關閉', en: 'Virtual account past its deadline, order closed' },
  confirmed: { zh: '訂單已確認，待收款', en: 'Order confirmed, awaiting payment' },
  paymentConfirmed: { zh: '已確認收款，待開通點數', en: 'Payment confirmed, points to enable' },
  enabled: { zh: '訂單點數已開通', en: 'Order points enabled' },
  cancelled: { zh: '訂單已取消', en: 'Order cancelled' },
};

/** Staff who hear of each event: those who act next (spec section 6); no one of a virtual account's issue, which needs no one. */
export const staffPermissionOf = {
  placed: 'confirm_order',
  placedVirtualAccount: 'confirm_payment',
  virtualAccountIssued: null,
  expired: 'confirm_payment',
  confirmed: 'confirm_payment',
  paymentConfirmed: 'confirm_payment',
  enabled: 'confirm_payment',
  cancelled: 'confirm_order',
} as const satisfies Record<OrderMailEvent, StaffPermission | null>;

/** The events staff hear of: those staffPermissionOf gives a permission. */
type StaffMailEvent = { [E in OrderMailEvent]: (typeof staffPermissionOf)[E] extends null ? never : E }[OrderMailEvent];

export function hasStaffMail(event: OrderMailEvent): event is StaffMailEvent {
  return staffPermissionOf[event] !== null;
}

export function staffOrderMail(event: StaffMailEvent, values: { brand: string; orderId: string; company: string; total: string; points: string; link: string }) {
  const what = staffEvents[event];
  const subject = `[${values.brand}] ${what.zh} ${what.en}: ${values.orderId}`;
  return {
    subject,
    body: [`${what.zh} / ${what.en}`, '', `訂單 Order: ${values.orderId}`, `公司 Company: ${values.company}`, `點數 Points: ${values.points}`, `金額 Total: ${values.total}`, '', values.link].join('\n'),
    chat: `${subject} ${values.company} ${values.total}`,
  };
}
