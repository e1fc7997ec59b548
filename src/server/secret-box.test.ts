import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSealedSecret, openSecret, sealSecret } from './secret-box';

describe('secrets sealed at rest', () => {
  const key = randomBytes(32);
  const secret = 'DGCGVC47ZT5PMTLGJBKXB62LVJ3BILGW';

  it('hides the secret and opens it again with the key; each sealing differs', () => {
    const sealed = sealSecret(key, secret);
    expect(isSealedSecret(sealed)).toBe(true);
    expect(sealed).not.toContain(secret);
    expect(sealSecret(key, secret)).not.toBe(sealed);
    expect(openSecret(key, sealed)).toBe(secret);
  });

  it('refuses another key and an altered value, and reads a plain secret stored before sealing', () => {
    const sealed = sealSecret(key, secret);
    expect(() => openSecret(randomBytes(32), sealed)).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(() => openSecret(key, `v1:${raw.toString('base64url')}`)).toThrow();
    expect(isSealedSecret(secret)).toBe(false);
    expect(openSecret(key, secret)).toBe(secret);
  });
});
