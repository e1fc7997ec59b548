import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes): OWASP's minimum for argon2id. Members and staff alike. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: 2 });
}

/** Whether `password` is the one `passwordHash` was made from. */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password);
}
