import { Secret, TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchTotp, newTotpSecret, otpauthUrl, totpCode } from './totp';

// RFC 6238 appendix B, SHA-1 column: the secret is the ASCII '12345678901234567890'.
const rfcSecret = Secret.fromLatin1('12345678901234567890').base32;

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1234567890, '89005924'],
    [20000000000, '65353130'],
  ])('matches the RFC test vector at %i seconds (last 6 digits)', (seconds, eightDigits) => {
    expect(totpCode(rfcSecret, new Date(seconds * 1000))).toBe(eightDigits.slice(2));
  });

  it('matches RFC 4226 HOTP vectors at the step used as counter', () => {
    expect(totpCode(rfcSecret, new Date(0))).toBe('755224');
    expect(totpCode(rfcSecret, new Date(9 * 30_000))).toBe('520489');
  });

  it('accepts one step of drift either way and no more, and names the matching step', () => {
    const at = new Date('2026-11-22T10:00:15Z');
    const step = Math.floor(at.getTime() / 30_000);
    const codeAt = (offsetSteps: number) => totpCode(rfcSecret, new Date(at.getTime() + offsetSteps * 30_000));
    expect(matchTotp(rfcSecret, codeAt(0), at)).toBe(step);
    expect(matchTotp(rfcSecret, codeAt(-1), at)).toBe(step - 1);
    expect(matchTotp(rfcSecret, codeAt(1), at)).toBe(step + 1);
    expect(matchTotp(rfcSecret, codeAt(-2), at)).toBeUndefined();
    expect(matchTotp(rfcSecret, codeAt(2), at)).toBeUndefined();
    expect(matchTotp(rfcSecret, '12345', at)).toBeUndefined();
  });

  it('makes 160-bit base32 secrets, a new one each time', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('builds the otpauth address authenticator apps read', () => {
    const url = otpauthUrl({ secret: rfcSecret, account: 'a@b.example', issuer: 'Inspectra' });
    expect(url.startsWith('otpauth://totp/Inspectra:a%40b.example?')).toBe(true);
    const parsed = URI.parse(url);
    expect(parsed).toBeInstanceOf(TOTP);
    expect(parsed).toMatchObject({ issuer: 'Inspectra', label: 'a@b.example', algorithm: 'SHA1', digits: 6, period: 30 });
    expect(parsed.secret.base32).toBe(rfcSecret);
  });
});
