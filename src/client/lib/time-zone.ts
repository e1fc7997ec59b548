import { formatDateTime, TAIPEI } from '@/shared/money';

/** The browser's IANA time zone; Taipei's when the browser names none. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || TAIPEI;
}

/** YYYY/MM/DD HH:mm:ss (spec section 9) in the browser's time zone. */
export function localDateTime(date: Date): string {
  return formatDateTime(date, viewerTimeZone());
}
