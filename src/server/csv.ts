import { stringify } from 'csv-stringify';
import iconv from 'iconv-lite';
import { Readable, type Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What a spreadsheet takes as the start of a formula ('CSV injection': =HYPERLINK(...), +cmd|..., @SUM(...)). */
const formulaStart = /^[=+\-@\t\r]/;
/** A number written as text (a point amount, -3.5): a spreadsheet reads it as the number it is, never as a formula. */
const plainNumber = /^[+-]?\d+(\.\d+)?$/;

/** A text cell a spreadsheet would run as a formula gets a leading single quote, so it shows as the text it is. */
export function formulaSafeText(value: string): string {
  return formulaStart.test(value) && !plainNumber.test(value) ? `'${value}` : value;
}

/**
 * csv-stringify options of every CSV the portal writes: text cells are made formula-safe (member
 * and staff input such as company names and reasons reaches staff's spreadsheets); numbers, and
 * numbers written as text, stay as they are.
 */
export const formulaSafeCells = { cast: { string: (value: string) => formulaSafeText(value) } };

export type CsvFileEncoding = 'big5' | 'utf8';

/**
 * Writes `rows` under `columns` as CSV to `destination`, streamed: each row goes through
 * csv-stringify and then iconv-lite, so the file is never built in memory. Big5 (for Excel on
 * Traditional Chinese Windows) or UTF-8 with a byte-order mark. Resolves when the destination has
 * everything; rejects (and destroys it) on a failure.
 */
export async function writeCsv(rows: AsyncIterable<unknown[]> | Iterable<unknown[]>, options: { columns: string[]; encoding: CsvFileEncoding }, destination: Writable): Promise<void> {
  const csv = stringify({ header: true, columns: options.columns, bom: options.encoding === 'utf8', ...formulaSafeCells });
  if (options.encoding === 'utf8') await pipeline(Readable.from(rows), csv, destination);
  // csv-stringify emits UTF-8 bytes; decoding them as a stream keeps characters split across chunks whole.
  else await pipeline(Readable.from(rows), csv, iconv.decodeStream('utf8') as unknown as Transform, iconv.encodeStream('big5') as unknown as Transform, destination);
}
