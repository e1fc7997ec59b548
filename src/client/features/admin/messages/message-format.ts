import { currentLanguage } from '@/client/i18n';

/** A moment as staff read it in the inbox: date and time in the staff member's own time zone and language. */
export function receivedAt(date: Date): string {
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export const adminMessagePath = (id: number) => `/admin/messages/${id}`;
