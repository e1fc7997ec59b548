import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUrl, totpCode } from './totp';

// RFC 6238 appendix B, SHA-1 column: the secret is the ASCII '12345678901234567890'.
const rfcSecret = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1234567890, '89005924'],
    [20000000000, '65353130'],
  ])('matches the RFC test vector at %i seconds (last 6 digits)', (seconds, eightDigits) => {
    expect(totpCode(rfcSecret, new Date(seconds * 1000))).toBe(eightDigits.slice(2));
  });

  it('matches RFC 4226 HOTP vectors', () => {
    expect(hotp(rfcSecret, 0)).toBe('755224');
    expect(hotp(rfcSecret, 9)).toBe('520489');
  });

  it('accepts one step of drift and no more', () => {
    const at = new Date('2026-11-22T10:00:15Z');
    const previous = totpCode(rfcSecret, new Date(at.getTime() - 30_000));
    const twoBack = totpCode(rfcSecret, new Date(at.getTime() - 60_000));
    expect(matchTotp(rfcSecret, previous, at)).toBeDefined();
    expect(matchTotp(rfcSecret, twoBack, at)).toBeUndefined();
    expect(matchTotp(rfcSecret, '12345', at)).toBeUndefined();
  });

  it('round-trips base32 and builds an otpauth address', () => {
    expect(base32Decode(base32Encode(Buffer.from('any bytes \u0000\u00ff')))).toEqual(Buffer.from('any bytes \u0000\u00ff'));
    expect(otpauthUrl({ secret: 'ABC', account: 'a@b.example', issuer: 'Inspectra' })).toBe(
      'otpauth://totp/Inspectra%3Aa%40b.example?secret=ABC&issuer=Inspectra&algorithm=SHA1&digits=6&period=30',
    );
  });
});
