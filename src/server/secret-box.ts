import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * TOTP secrets at rest (ASVS 2.8.2): AES-256-GCM under the key of TOTP_ENCRYPTION_KEY, stored as
 * `v1:` + base64url(12-byte nonce | 16-byte tag | ciphertext). A copy of the database alone gives no
 * authenticator secret. Values without the prefix are the plain secrets stored before encryption
 * (sealed at start by sealPlainTotpSecrets).
 */
const prefix = 'v1:';

export function isSealedSecret(stored: string): boolean {
  return stored.startsWith(prefix);
}

export function sealSecret(key: Buffer, secret: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return prefix + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
}

/** The secret of a stored value; throws when it was sealed under another key or altered. */
export function openSecret(key: Buffer, stored: string): string {
  if (!isSealedSecret(stored)) return stored;
  const raw = Buffer.from(stored.slice(prefix.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
