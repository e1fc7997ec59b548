import { Secret, TOTP } from 'otpauth';

/** Time-based one-time passwords (RFC 6238): HMAC-SHA1, 30-second steps, 6 digits, by otpauth. */
const STEP_SECONDS = 30;

function totpOf(secret: string, label = 'OTPAuth', issuer = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: STEP_SECONDS, secret: Secret.fromBase32(secret) });
}

/** A new shared secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpCode(secret: string, at: Date): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}

/**
 * The step whose code matches, allowing one step of clock drift either way; undefined when none
 * does. The caller refuses a step it has accepted before.
 */
export function matchTotp(secret: string, code: string, at: Date): number | undefined {
  const timestamp = at.getTime();
  const delta = totpOf(secret).validate({ token: code, timestamp, window: 1 });
  return delta === null ? undefined : TOTP.counter({ period: STEP_SECONDS, timestamp }) + delta;
}

/** The otpauth:// address authenticator apps read from the QR code. */
export function otpauthUrl(options: { secret: string; account: string; issuer: string }): string {
  return totpOf(options.secret, options.account, options.issuer).toString();
}
