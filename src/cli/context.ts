import { InvalidArgumentError } from 'commander';
import { pino } from 'pino';
import { runMigrations, type Executor } from '../server/db/client';
import type { Deps } from '../server/deps';
import { readEnv } from '../server/env';
import { AppError } from '../server/errors';
import { createLogger, type Logger } from '../server/logger';
import { resolveGroup } from '../server/modules/points/grants.service';
import { openServices } from '../server/portal';

/**
 * Runs one CLI command with the same services as the server. With the embedded database it goes
 * through the running server's socket when a server holds the data directory, and opens (and
 * migrates) the directory itself otherwise.
 */
export async function withServices<T>(work: (deps: Deps) => Promise<T>): Promise<T> {
  const env = readEnv();
  const log = cliLogger(env.LOG_LEVEL);
  const services = await openServices(env, log, 'client');
  try {
    if (services.database.mode === 'embedded') await runMigrations(services.deps.db);
    return await work(services.deps);
  } finally {
    await services.close();
  }
}

/**
 * The CLI's log. By default (LOG_LEVEL info) only errors, each as one readable line on stderr, so that
 * what a command prints (and its --json) is not mixed with a service's warnings (a delivery that failed
 * again is said by the command itself) or stack traces. Another LOG_LEVEL gives pino's JSON lines, on stderr.
 */
function cliLogger(level: string): Logger {
  if (level !== 'info') return createLogger(level, 'cli', pino.destination(2));
  return createLogger('error', 'cli', {
    write(line: string) {
      const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
      process.stderr.write(`${entry.msg ?? 'error'}${entry.err?.message ? `: ${entry.err.message.split('\n')[0]}` : ''}\n`);
    },
  });
}

export function printTable(rows: Array<Record<string, unknown>>): void {
  if (rows.length === 0) {
    console.log('(none)');
    return;
  }
  const columns = Object.keys(rows[0]!);
  const cell = (value: unknown) => (value instanceof Date ? formatUtc(value) : value === null || value === undefined ? '' : String(value));
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => cell(row[column]).length)));
  const line = (values: string[]) => values.map((value, index) => value.padEnd(widths[index]!)).join('  ').trimEnd();
  console.log(line(columns));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(columns.map((column) => cell(row[column]))));
}

/** YYYY/MM/DD HH:mm:ss in UTC, the spec's date format. */
export function formatUtc(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getUTCFullYear()}/${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The first line of standard input: a password or secret piped in, never given on the command line (where `ps` shows it). */
export async function readStdinLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.split(/\r?\n/)[0] ?? '';
}

/** The largest id of a table with integer ids (PostgreSQL's integer): a larger one names no record. */
export const largestId = 2_147_483_647;

/**
 * The parser of every whole-number argument and option (a --limit, a page size, an id): digits only,
 * from `min` to `max`. Anything else (abc, -1, 0 below a minimum of 1, 1.5, 1e3, 0x10, a number
 * above the maximum) is refused with the range that is accepted, before the database is asked,
 * instead of being read as some other number.
 */
export function wholeNumber(min: number, max: number, unit?: string): (value: string) => number {
  return (value: string) => {
    const number = /^\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
    if (!(number >= min && number <= max)) throw new InvalidArgumentError(`must be a whole number${unit ? ` of ${unit}` : ''} from ${min} to ${max}`);
    return number;
  };
}

/**
 * The enterprise account (group) an operator names by its 14-character group id or by a member's
 * e-mail, with a message that says which of the two named nobody (the service says only that no
 * account has the e-mail, even when a group id was given).
 */
export async function enterpriseAccount(db: Executor, account: string) {
  try {
    return await resolveGroup(db, account);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'UserNotFound')) throw error;
    const given = account.trim();
    if (given.includes('@')) throw new Error('No enterprise account has a member with that e-mail.', { cause: error });
    if (/^[A-Z0-9]{14}$/.test(given)) throw new Error('No enterprise account has that group id.', { cause: error });
    throw new Error("No enterprise account has that id or e-mail: give a group id (14 capital letters and digits) or a member's e-mail.", { cause: error });
  }
}
