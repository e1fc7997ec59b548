import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** Keys whose values never reach a log line, at any depth of the first two levels. */
const secretKeys = ['password', 'passwordHash', 'currentPassword', 'newPassword', 'token', 'secret', 'totpSecret', 'authorization', 'cookie', 'key'];

/**
 * Database errors carry the statement's bind parameters (Drizzle puts them in `params` and in the
 * message, PostgreSQL's `detail` can hold the failing row): a new TOTP secret, a password hash. A
 * logged error keeps the statement and the PostgreSQL code, never those values, at any depth of `cause`.
 */
function withoutQueryValues(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > 5) return value;
  const error = { ...(value as Record<string, unknown>) };
  const cut = (text: unknown) => (typeof text === 'string' ? text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]') : text);
  if ('params' in error) error.params = '[redacted]';
  if ('detail' in error) error.detail = '[redacted]';
  if ('where' in error) error.where = '[redacted]';
  error.message = cut(error.message);
  error.stack = cut(error.stack);
  if (error.cause) error.cause = withoutQueryValues(error.cause, depth + 1);
  return error;
}

/** PostgreSQL's code of a failed query (Drizzle wraps the database error in `cause`), so the log still says what failed. */
function databaseCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The `err` serializer of every logger (an error may come serialized already by pino's standard
 * serializer, whose non-enumerable `raw` is the error itself).
 */
export function serializeError(error: unknown): unknown {
  const serialized = error instanceof Error ? stdSerializers.err(error) : error;
  const raw = (serialized as { raw?: unknown } | undefined)?.raw ?? error;
  const code = databaseCode(raw);
  return withoutQueryValues(code && serialized && typeof serialized === 'object' ? { ...serialized, databaseCode: code } : serialized);
}

/**
 * Standard output written asynchronously: a line per request would otherwise cost a write system
 * call each; lines written while one write is under way go out together with the next. pino flushes
 * what is left when the process exits, a fatal line before `process.exit` included.
 */
export function bufferedStdout(): DestinationStream {
  return pino.destination({ dest: 1, sync: false });
}

/** `destination` (stdout, written at once, by default) lets a test read what would be logged, with the same redaction. */
export function createLogger(level: string, name = 'portal', destination?: DestinationStream): Logger {
  const options = {
    name,
    level,
    serializers: { err: serializeError, error: serializeError },
    redact: {
      paths: [...secretKeys, ...secretKeys.map((key) => `*.${key}`), 'req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
