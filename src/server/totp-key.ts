import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from './env';

/** Where the embedded default keeps the key it generated, inside DATA_DIR (mode 0600). */
export const generatedKeyFile = 'totp-encryption.key';

/**
 * The key that seals TOTP secrets: TOTP_ENCRYPTION_KEY (base64, 32 bytes; readEnv has checked it and
 * refuses a deployment without one); otherwise one generated once under DATA_DIR and kept there 0600.
 */
export function resolveTotpKey(env: Pick<Env, 'TOTP_ENCRYPTION_KEY' | 'DATA_DIR'>): Buffer {
  if (env.TOTP_ENCRYPTION_KEY) return Buffer.from(env.TOTP_ENCRYPTION_KEY, 'base64');
  fs.mkdirSync(env.DATA_DIR, { recursive: true, mode: 0o700 });
  const file = path.join(env.DATA_DIR, generatedKeyFile);
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  fs.chmodSync(file, 0o600);
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`Invalid configuration:\n  ${file}: not a base64 key of 32 bytes; set TOTP_ENCRYPTION_KEY or remove the file (secrets sealed with it are then lost).`);
  return key;
}
