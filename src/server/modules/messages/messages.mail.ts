import type { Language } from '../../../shared/languages';
import { inquiryTypeNames, visitorName, type InquiryTypeCode } from '../../../shared/messages';
import type { MessageRow } from './messages.repository';

/** The staff-facing texts of a new contact message. Staff read the back office in Traditional Chinese and English. */

export interface ContactNotice {
  message: MessageRow;
  brand: string;
  publicUrl?: string;
}

export function staffMailForContact({ message, brand, publicUrl }: ContactNotice) {
  const names = inquiryTypeNames[message.type as InquiryTypeCode];
  const type = names ? `${names['zh-TW']} ${names.en}` : String(message.type);
  const extras = [
    ['Industry', message.companyIndustry],
    ['Adoption time', message.adoptionTime],
    ['Attendees', message.attendees],
    ['Class mode', message.classMode],
    ['Course content', message.courseContent],
  ].filter(([, value]) => value);
  const lines = [
    `${visitorName(message)} (${message.email}, ${message.phone})`,
    `類型 Type: ${type}`,
    ...extras.map(([label, value]) => `${label}: ${value}`),
    `語言 Language: ${message.language}`,
    '',
    message.description,
    '',
    publicUrl ? `回覆 Reply: ${new URL('/admin/messages', publicUrl).href}` : `npm run cli -- messages reply ${message.id}`,
  ];
  return {
    subject: `[${brand}] 新的客服留言 New contact message #${message.id}: ${type}`,
    body: lines.join('\n'),
    chat: `[${brand}] 新的客服留言 #${message.id} ${type}: ${visitorName(message)} <${message.email}>`,
  };
}

/** The customer's mail carrying a staff reply, in the language the message was written in, quoting the question. */
const replyTexts: Record<Language, { subject: string; greeting: (name: string) => string; quoted: string; closing: string }> = {
  'zh-TW': { subject: '回覆您的留言', greeting: (name) => `${name} 您好：`, quoted: '您的留言', closing: '如有其他問題，歡迎直接回覆此信。' },
  en: { subject: 'A reply to your message', greeting: (name) => `Dear ${name},`, quoted: 'Your message', closing: 'If anything is still unclear, simply reply to this mail.' },
  'zh-CN': { subject: '回复您的留言', greeting: (name) => `${name} 您好：`, quoted: '您的留言', closing: '如有其他问题，欢迎直接回复此邮件。' },
  ja: { subject: 'お問い合わせへのご回答', greeting: (name) => `${name} 様`, quoted: 'お問い合わせ内容', closing: 'ご不明な点がございましたら、このメールにそのままご返信ください。' },
};

export function customerMailForReply({ message, brand, body }: { message: MessageRow; brand: string; body: string }) {
  const language = (message.language in replyTexts ? message.language : 'zh-TW') as Language;
  const texts = replyTexts[language];
  const name = visitorName(message);
  const quoted = message.description
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return {
    subject: `[${brand}] ${texts.subject} (#${message.id})`,
    body: [texts.greeting(name), '', body, '', texts.closing, '', `${texts.quoted}:`, quoted].join('\n'),
  };
}
