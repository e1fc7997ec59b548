import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { CourseText, CourseTranslations } from '../../../shared/courses';
import type { Language } from '../../../shared/languages';
import type { MailAttachment } from '../../db/schema';
import type { CourseRow, SlotRow } from './courses.repository';

/**
 * Mails of the courses domain: to the member in their language, with the slot as an iCalendar file
 * (ical-generator), and to staff holding manage_course in Traditional Chinese and English.
 * Times in the text are Taipei time, where the classes are held; the calendar file carries UTC, so
 * a calendar shows the member's own time zone.
 */

export type MemberMailKind = 'registered' | 'cancelled' | 'promoted' | 'waitlisted' | 'reminder';

const TIME_ZONE = 'Asia/Taipei';

export function courseText(translations: CourseTranslations, language: Language): CourseText {
  const text: CourseText | undefined = translations[language];
  return text ?? translations['zh-TW'];
}

function when(slot: SlotRow, language: Language): string {
  const date = new Intl.DateTimeFormat(language, { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short', hour: '2-digit', minute: '2-digit', hour12: false });
  const time = new Intl.DateTimeFormat(language, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: false });
  return `${date.format(slot.startTime)} – ${time.format(slot.endTime)} (UTC+8)`;
}

const texts: Record<Language, Record<MemberMailKind, { subject: string; lead: string }> & { where: string; link: string; manage: string; position: string }> = {
  'zh-TW': {
    registered: { subject: '報名成功', lead: '您已完成以下課程的報名，附件為行事曆檔案。' },
    cancelled: { subject: '已取消報名', lead: '您已取消以下課程的報名，附件可將行事曆中的活動移除。' },
    promoted: { subject: '候補成功，已為您保留名額', lead: '有名額釋出，您已從候補名單轉為正式報名，附件為行事曆檔案。' },
    waitlisted: { subject: '已加入候補名單', lead: '此場次已額滿，您已加入候補名單；有名額時我們會自動為您報名並通知您。' },
    reminder: { subject: '明天上課提醒', lead: '提醒您，以下課程即將開始。' },
    where: '地點',
    link: '線上會議連結',
    manage: '查看或取消報名',
    position: '候補順位',
  },
  en: {
    registered: { subject: 'You are registered', lead: 'You are registered for the class below; the calendar file is attached.' },
    cancelled: { subject: 'Registration cancelled', lead: 'Your registration for the class below is cancelled; the attachment removes it from your calendar.' },
    promoted: { subject: 'A seat is yours', lead: 'A seat became free and you moved from the waitlist to the class; the calendar file is attached.' },
    waitlisted: { subject: 'You are on the waitlist', lead: 'This class is full, so you are on its waitlist; when a seat frees we register you and let you know.' },
    reminder: { subject: 'Your class starts soon', lead: 'A reminder: the class below starts soon.' },
    where: 'Place',
    link: 'Meeting link',
    manage: 'See or cancel your registration',
    position: 'Place in line',
  },
  'zh-CN': {
    registered: { subject: '报名成功', lead: '您已完成以下课程的报名，附件为日历文件。' },
    cancelled: { subject: '已取消报名', lead: '您已取消以下课程的报名，附件可将日历中的活动移除。' },
    promoted: { subject: '候补成功，已为您保留名额', lead: '有名额释出，您已从候补名单转为正式报名，附件为日历文件。' },
    waitlisted: { subject: '已加入候补名单', lead: '此场次已满，您已加入候补名单；有名额时我们会自动为您报名并通知您。' },
    reminder: { subject: '明天上课提醒', lead: '提醒您，以下课程即将开始。' },
    where: '地点',
    link: '在线会议链接',
    manage: '查看或取消报名',
    position: '候补顺位',
  },
  ja: {
    registered: { subject: 'お申し込みが完了しました', lead: '以下のクラスへのお申し込みが完了しました。カレンダーファイルを添付しています。' },
    cancelled: { subject: 'お申し込みを取り消しました', lead: '以下のクラスのお申し込みを取り消しました。添付ファイルでカレンダーから削除できます。' },
    promoted: { subject: 'キャンセル待ちから繰り上がりました', lead: '空きが出たため、キャンセル待ちから参加が確定しました。カレンダーファイルを添付しています。' },
    waitlisted: { subject: 'キャンセル待ちに登録しました', lead: 'このクラスは満席のため、キャンセル待ちに登録しました。空きが出ると自動で参加登録し、お知らせします。' },
    reminder: { subject: 'まもなくクラスが始まります', lead: '以下のクラスがまもなく始まります。' },
    where: '会場',
    link: 'オンライン会議のリンク',
    manage: 'お申し込みの確認・取り消し',
    position: 'キャンセル待ちの順番',
  },
};

/** The slot as an iCalendar file; the same UID for every mail of one seat, so a cancellation removes the event. */
export function calendarFile(course: CourseRow, slot: SlotRow, language: Language, options: { brand: string; cancelled?: boolean; publicUrl?: string }): MailAttachment {
  const text = courseText(course.translations, language);
  const calendar = ical({ name: options.brand, prodId: { company: options.brand, product: 'courses', language: 'EN' } });
  calendar.method(options.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH);
  calendar.createEvent({
    id: `course-${slot.id}@inspectra`,
    start: slot.startTime,
    end: slot.endTime,
    summary: text.name,
    description: text.description || null,
    location: course.mode === 'online' ? course.meetingUrl : course.location,
    url: course.mode === 'online' ? course.meetingUrl : options.publicUrl ? new URL(`/classes-list/${course.id}`, options.publicUrl).href : null,
    status: options.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    sequence: options.cancelled ? 1 : 0,
  });
  return { filename: `course-${course.id}.ics`, contentType: 'text/calendar; charset=utf-8', content: calendar.toString() };
}

export interface MemberMailInput {
  kind: MemberMailKind;
  course: CourseRow;
  slot: SlotRow;
  language: Language;
  name: string;
  brand: string;
  publicUrl?: string;
  position?: number;
}

export function memberMail({ kind, course, slot, language, name, brand, publicUrl, position }: MemberMailInput) {
  const words = texts[language];
  const text = courseText(course.translations, language);
  const place = course.mode === 'online' ? `${words.link}: ${course.meetingUrl}` : `${words.where}: ${course.location}`;
  const lines = [
    `${name}:`,
    '',
    words[kind].lead,
    '',
    `${text.name} (${course.id})`,
    when(slot, language),
    kind === 'waitlisted' ? `${words.position}: ${position ?? 1}` : place,
    '',
    publicUrl ? `${words.manage}: ${new URL('/management-center/courses', publicUrl).href}` : '',
  ];
  const attachments = kind === 'waitlisted' ? [] : [calendarFile(course, slot, language, { brand, publicUrl, cancelled: kind === 'cancelled' })];
  return { subject: `[${brand}] ${words[kind].subject}: ${text.name}`, body: lines.join('\n').trimEnd(), attachments };
}

const staffWords: Record<'registered' | 'cancelled' | 'promoted', string> = {
  registered: '新報名 New registration',
  cancelled: '取消報名 Cancellation',
  promoted: '候補遞補 Promoted from the waitlist',
};

export function staffMail(input: { kind: keyof typeof staffWords; course: CourseRow; slot: SlotRow; email: string; seatsLeft: number; brand: string; publicUrl?: string; reason?: string }) {
  const name = input.course.translations['zh-TW'].name;
  const lines = [
    `${staffWords[input.kind]}: ${input.email}`,
    `${name} (${input.course.id})`,
    when(input.slot, 'zh-TW'),
    `剩餘名額 Seats left: ${input.seatsLeft}`,
    input.reason ? `原因 Reason: ${input.reason}` : '',
    input.publicUrl ? new URL('/admin/courses', input.publicUrl).href : `npm run cli -- courses enrollees ${input.course.id} ${input.slot.startTime.toISOString()}`,
  ].filter(Boolean);
  return {
    subject: `[${input.brand}] ${staffWords[input.kind]}: ${name}`,
    body: lines.join('\n'),
    chat: `[${input.brand}] ${staffWords[input.kind]} ${name} ${input.slot.startTime.toISOString().slice(0, 16)}Z: ${input.email}`,
  };
}
