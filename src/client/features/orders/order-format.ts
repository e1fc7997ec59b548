import { currentLanguage } from '@/client/i18n';
import { formatMoney, formatPoints, formatTaipeiDateTime } from '@/shared/money';
import { orderStatusKey } from '@/shared/orders';

/** Money, points and times of orders in the reader's language (spec section 9 'Formats'). */
export const money = (minor: number) => formatMoney(minor, currentLanguage());
export const points = (tenths: number) => formatPoints(tenths, currentLanguage());
export const dateTime = (date: Date) => formatTaipeiDateTime(date);
export const statusKey = (status: number) => `status.${orderStatusKey(status)}` as const;

/** iPhone, iPad and iPod, including iPadOS, which presents itself as a Mac with a touch screen. */
export function isIos(userAgent = navigator.userAgent): boolean {
  return /\b(iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && navigator.maxTouchPoints > 1);
}
