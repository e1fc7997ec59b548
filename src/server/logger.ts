import { pino, type Logger } from 'pino';

export type { Logger };

/** Keys whose values never reach a log line, at any depth of the first two levels. */
const secretKeys = ['password', 'passwordHash', 'currentPassword', 'newPassword', 'token', 'secret', 'totpSecret', 'authorization', 'cookie', 'key'];

export function createLogger(level: string, name = 'portal'): Logger {
  return pino({
    name,
    level,
    redact: {
      paths: [...secretKeys, ...secretKeys.map((key) => `*.${key}`), 'req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  });
}
