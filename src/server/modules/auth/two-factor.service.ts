import { Secret } from 'otpauth';
import { confirmTotpInput } from '../../../shared/auth';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { enableTotp, setPendingTotpSecret, userById } from '../accounts/users.service';
import { authLimits, secretHash } from './auth.common';
import { consumeRecoveryCode, countUnusedRecoveryCodes, replaceRecoveryCodes, useTotpStep } from './auth.repository';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp';

/** A code of the member's authenticator, accepted once: a replayed code of the same step is refused. */
async function acceptTotpCode(deps: Pick<Deps, 'db' | 'clock'>, userId: string, secret: string, code: string): Promise<boolean> {
  const step = matchTotp(secret, code, deps.clock());
  if (step === undefined) return false;
  return useTotpStep(deps.db, userId, step);
}

/** The second step of a sign-in: an authenticator code, or else one unused recovery code (normalised by the input schema). */
export async function acceptSecondFactor(deps: Pick<Deps, 'db' | 'clock'>, userId: string, secret: string, answer: { totpCode?: string; recoveryCode?: string }): Promise<boolean> {
  if (answer.totpCode) return acceptTotpCode(deps, userId, secret, answer.totpCode);
  if (answer.recoveryCode) return consumeRecoveryCode(deps.db, userId, secretHash(answer.recoveryCode), deps.clock());
  return false;
}

/** Starts enrolling an authenticator: a new secret (pending until confirmed) and its QR code. */
export async function beginTotpEnrolment(deps: Pick<Deps, 'db' | 'clock' | 'config'>, userId: string) {
  const user = await userById(deps.db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  // An enrolled authenticator is not replaced from a session alone: that would let a stolen session switch it off.
  if (user.totpEnabledAt) throw new AppError('OperationError', { reason: 'totpAlreadyEnabled' });
  const secret = newTotpSecret();
  await setPendingTotpSecret(deps.db, user.id, secret, deps.clock());
  const url = otpauthUrl({ secret, account: user.email, issuer: deps.config.BRAND_NAME });
  // Loaded when needed: the CLI and most requests never draw a QR code.
  const { default: QRCode } = await import('qrcode');
  return { secret, otpauthUrl: url, qrCode: await QRCode.toDataURL(url, { margin: 1, width: 220 }) };
}

/**
 * Ten recovery codes of 120 random bits each (ASVS 2.6.2 asks at least 112), as 24 base32 characters
 * in groups of six; shown once, only their SHA-256 is stored (a hash of that much randomness needs no salt).
 */
function newRecoveryCodes(): string[] {
  return Array.from({ length: authLimits.recoveryCodes }, () => new Secret({ size: 15 }).base32.match(/.{6}/g)!.join('-'));
}

/** Confirms the enrolment with a first code; returns the recovery codes, which are shown this once. */
export async function confirmTotpEnrolment(deps: Pick<Deps, 'db' | 'clock' | 'log'>, userId: string, form: { code: string }): Promise<{ recoveryCodes: string[] }> {
  const { code } = confirmTotpInput.parse(form);
  const user = await userById(deps.db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  if (!user.totpSecret || user.totpEnabledAt) throw new AppError('ExpiredActionCode');
  if (!(await acceptTotpCode(deps, user.id, user.totpSecret, code))) throw new AppError('IncorrectValue', { field: 'code' });
  const recoveryCodes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    await enableTotp(tx, user.id, now);
    await replaceRecoveryCodes(tx, user.id, recoveryCodes.map((value) => secretHash(value.replaceAll('-', ''))));
  });
  deps.log.info({ userId: user.id }, 'authenticator enrolled');
  return { recoveryCodes };
}

export async function totpStatus(deps: Pick<Deps, 'db'>, userId: string) {
  const user = await userById(deps.db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  return { enabled: Boolean(user.totpEnabledAt), recoveryCodesLeft: user.totpEnabledAt ? await countUnusedRecoveryCodes(deps.db, user.id) : 0 };
}
