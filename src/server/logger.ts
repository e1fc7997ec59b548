import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** Keys whose values never reach a log line, at any depth of the first two levels. */
const secretKeys = ['password', 'passwordHash', 'currentPassword', 'newPassword', 'token', 'secret', 'totpSecret', 'authorization', 'cookie', 'key'];

/** `destination` (stdout by default) lets a test read what would be logged, with the same redaction. */
export function createLogger(level: string, name = 'portal', destination?: DestinationStream): Logger {
  const options = {
    name,
    level,
    redact: {
      paths: [...secretKeys, ...secretKeys.map((key) => `*.${key}`), 'req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
