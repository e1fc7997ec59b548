import { currentLanguage } from '@/client/i18n';
import { localDateTime } from '@/client/lib/time-zone';

/** A slot's date and hours in the visitor's language and time zone, e.g. "2026/12/03 (Thu) 09:30–12:30". */
export function formatSlotTime(start: Date, end: Date): string {
  const language = currentLanguage();
  const day = new Intl.DateTimeFormat(language, { year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short' }).format(start);
  const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hour12: false });
  return `${day} ${time.format(start)}–${time.format(end)}`;
}

/** YYYY/MM/DD HH:mm in the visitor's time zone (spec section 9 'Formats', without seconds). */
export function localDateTimeToMinute(date: Date): string {
  return localDateTime(date).slice(0, 16);
}

