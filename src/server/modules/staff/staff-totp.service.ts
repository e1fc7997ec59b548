import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { sealSecret } from '../../secret-box';
import type { SecondFactorStore } from '../auth/two-factor.service';
import { endSessionsOfStaff } from '../sessions/sessions.service';
import {
  consumeStaffRecoveryCode,
  enableStaffTotp,
  findStaffByEmail,
  replaceStaffRecoveryCodes,
  setStaffTotpSecret,
  useStaffTotpStep,
} from './staff.repository';

/** Staff authenticators, kept on the staff row; the rules are the members' (auth/two-factor.service). */
export const staffSecondFactor: SecondFactorStore = {
  useStep: useStaffTotpStep,
  consumeRecoveryCode: consumeStaffRecoveryCode,
  replaceRecoveryCodes: replaceStaffRecoveryCodes,
  setPendingSecret: async (db, staffId, sealed, now) => void (await setStaffTotpSecret(db, staffId, sealed, null, now)),
  enable: enableStaffTotp,
};

/** Puts a known authenticator secret in force at once: the demo staff, whose secret the README publishes. */
export async function setStaffAuthenticator(deps: Pick<Deps, 'db' | 'totpKey' | 'clock'>, staffId: string, secret: string): Promise<void> {
  const now = deps.clock();
  await setStaffTotpSecret(deps.db, staffId, sealSecret(deps.totpKey, secret), now, now);
}

/**
 * An operator's reset of a staff member's authenticator (`staff reset-totp`), e.g. after a lost
 * phone: the secret and recovery codes are gone, their sessions end, and the next sign-in enrols anew.
 */
export async function resetStaffAuthenticator(deps: Pick<Deps, 'db' | 'clock' | 'log'>, email: string): Promise<{ email: string }> {
  const found = await findStaffByEmail(deps.db, email.trim().toLowerCase());
  if (!found) throw new AppError('UserNotFound', { email });
  await deps.db.transaction(async (tx) => {
    await setStaffTotpSecret(tx, found.id, null, null, deps.clock());
    await replaceStaffRecoveryCodes(tx, found.id, []);
    await endSessionsOfStaff(tx, found.id);
  });
  deps.log.warn({ staffId: found.id }, 'staff authenticator reset by an operator');
  return { email: found.email };
}
