import { Secret } from 'otpauth';
import { confirmTotpInput } from '../../../shared/auth';
import type { Deps } from '../../deps';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { enableTotp, sealPlainTotpSecrets, setPendingTotpSecret, userById } from '../accounts/users.service';
import { authLimits, secretHash } from './auth.common';
import { consumeRecoveryCode, countUnusedRecoveryCodes, replaceRecoveryCodes, useTotpStep } from './auth.repository';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp';
import { openSecret, sealSecret } from '../../secret-box';

/**
 * Where one kind of account keeps its authenticator: members here, staff in the staff module. The
 * rules (codes once only, recovery codes, enrolment, sealed secrets) are this file's, for both.
 */
export interface SecondFactorStore {
  /** Records the step just accepted, only if it is later than the last one; false for a replayed code. */
  useStep(db: Executor, ownerId: string, step: number): Promise<boolean>;
  consumeRecoveryCode(db: Executor, ownerId: string, codeHash: string, now: Date): Promise<boolean>;
  replaceRecoveryCodes(tx: Executor, ownerId: string, hashes: string[]): Promise<void>;
  /** Stores a new sealed secret, not in force until `enable`. */
  setPendingSecret(db: Executor, ownerId: string, sealed: string, now: Date): Promise<void>;
  enable(tx: Executor, ownerId: string, now: Date): Promise<void>;
}

const memberStore: SecondFactorStore = {
  useStep: useTotpStep,
  consumeRecoveryCode,
  replaceRecoveryCodes,
  setPendingSecret: setPendingTotpSecret,
  enable: enableTotp,
};

type TwoFactorDeps = Pick<Deps, 'db' | 'clock' | 'totpKey'>;

/** A code of the owner's authenticator, accepted once: a replayed code of the same step is refused. */
async function acceptTotpCode(deps: TwoFactorDeps, store: SecondFactorStore, ownerId: string, storedSecret: string, code: string): Promise<boolean> {
  const step = matchTotp(openSecret(deps.totpKey, storedSecret), code, deps.clock());
  if (step === undefined) return false;
  return store.useStep(deps.db, ownerId, step);
}

/** The second step of a sign-in: an authenticator code, or else one unused recovery code (normalised by the input schema). */
export async function acceptSecondFactor(
  deps: TwoFactorDeps,
  ownerId: string,
  storedSecret: string,
  answer: { totpCode?: string; recoveryCode?: string },
  store: SecondFactorStore = memberStore,
): Promise<boolean> {
  if (answer.totpCode) return acceptTotpCode(deps, store, ownerId, storedSecret, answer.totpCode);
  if (answer.recoveryCode) return store.consumeRecoveryCode(deps.db, ownerId, secretHash(answer.recoveryCode), deps.clock());
  return false;
}

/** What an enrolment shows: the secret to type in, the otpauth:// address and its QR code. */
export async function startEnrolment(deps: TwoFactorDeps & Pick<Deps, 'config'>, store: SecondFactorStore, owner: { id: string; email: string }) {
  const secret = newTotpSecret();
  await store.setPendingSecret(deps.db, owner.id, sealSecret(deps.totpKey, secret), deps.clock());
  const url = otpauthUrl({ secret, account: owner.email, issuer: deps.config.BRAND_NAME });
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

/** Puts a pending authenticator in force with its first code; the recovery codes (shown once), or undefined for a wrong code. */
export async function finishEnrolment(deps: TwoFactorDeps, store: SecondFactorStore, ownerId: string, pendingSecret: string, code: string): Promise<string[] | undefined> {
  if (!(await acceptTotpCode(deps, store, ownerId, pendingSecret, code))) return undefined;
  const recoveryCodes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    await store.enable(tx, ownerId, deps.clock());
    await store.replaceRecoveryCodes(tx, ownerId, recoveryCodes.map((value) => secretHash(value.replaceAll('-', ''))));
  });
  return recoveryCodes;
}

/** Starts enrolling a member's authenticator: a new secret (pending until confirmed) and its QR code. */
export async function beginTotpEnrolment(deps: TwoFactorDeps & Pick<Deps, 'config'>, userId: string) {
  const user = await userById(deps.db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  // An enrolled authenticator is not replaced from a session alone: that would let a stolen session switch it off.
  if (user.totpEnabledAt) throw new AppError('OperationError', { reason: 'totpAlreadyEnabled' });
  return startEnrolment(deps, memberStore, user);
}

/** Confirms the enrolment with a first code; returns the recovery codes, which are shown this once. */
export async function confirmTotpEnrolment(deps: TwoFactorDeps & Pick<Deps, 'log'>, userId: string, form: { code: string }): Promise<{ recoveryCodes: string[] }> {
  const { code } = confirmTotpInput.parse(form);
  const user = await userById(deps.db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  if (!user.totpSecret || user.totpEnabledAt) throw new AppError('ExpiredActionCode');
  const recoveryCodes = await finishEnrolment(deps, memberStore, user.id, user.totpSecret, code);
  if (!recoveryCodes) throw new AppError('IncorrectValue', { field: 'code' });
  deps.log.info({ userId: user.id }, 'authenticator enrolled');
  return { recoveryCodes };
}

export async function totpStatus(deps: Pick<Deps, 'db'>, userId: string) {
  const user = await userById(deps.db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  return { enabled: Boolean(user.totpEnabledAt), recoveryCodesLeft: user.totpEnabledAt ? await countUnusedRecoveryCodes(deps.db, user.id) : 0 };
}

/** At start: members' authenticator secrets stored in plain text before encryption at rest are sealed. */
export async function sealStoredTotpSecrets(deps: Pick<Deps, 'db' | 'totpKey' | 'log'>): Promise<void> {
  const sealed = await sealPlainTotpSecrets(deps.db, (secret) => sealSecret(deps.totpKey, secret));
  if (sealed > 0) deps.log.info({ sealed }, 'authenticator secrets encrypted at rest');
}
