import { inquiryTypeNames, type InquiryTypeCode } from '../../../shared/messages';
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
    `${message.lastName}${message.firstName} (${message.email}, ${message.phone})`,
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
    chat: `[${brand}] 新的客服留言 #${message.id} ${type}: ${message.lastName}${message.firstName} <${message.email}>`,
  };
}
