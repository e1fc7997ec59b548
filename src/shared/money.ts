import type { Language } from './languages';

/** Formats of spec section 9: currency TWD with 2 decimals, points with 1 decimal, YYYY/MM/DD HH:mm:ss. */

/** Minor units (cents) as TWD with two decimals, e.g. 'TWD 200,000.00'. */
export function formatMoney(minor: number, language: Language): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'TWD', currencyDisplay: 'code', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);
}

/** Tenths of a point with one decimal, e.g. '40.0'. */
export function formatPoints(tenths: number, language: Language): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(tenths / 10);
}

/** Where the portal's customers are: order numbers, order lists and documents follow this clock. */
export const TAIPEI = 'Asia/Taipei';

/**
 * Formatters kept by time zone: building an Intl.DateTimeFormat costs far more than using it. At
 * most MAX_FORMATTERS are kept, since a zone's name comes from the viewer (any spelling Intl takes).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 64;

function partsOf(date: Date, timeZone: string): Record<string, string> {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    if (formatters.size < MAX_FORMATTERS) formatters.set(timeZone, formatter);
  }
  return Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]));
}

/** A date as the spec shows it: YYYY/MM/DD HH:mm:ss, in the given IANA time zone. */
export function formatDateTime(date: Date, timeZone: string): string {
  const p = partsOf(date, timeZone);
  return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** YYYY/MM/DD HH:mm:ss in Taipei time. */
export function formatTaipeiDateTime(date: Date): string {
  return formatDateTime(date, TAIPEI);
}

/** The Taipei calendar day of `date` as YYYYMMDD: the date part of an order id. */
export function taipeiDay(date: Date): string {
  const p = partsOf(date, TAIPEI);
  return `${p.year}${p.month}${p.day}`;
}

/** The Taipei calendar day of `date` as YYYY-MM-DD: a day of the balance chart. */
export function taipeiDate(date: Date): string {
  const p = partsOf(date, TAIPEI);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The start of Taipei day `day` (YYYY-MM-DD) as an instant; Taipei has no daylight saving. */
export function startOfTaipeiDay(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}
