import { defaultSecuritySettings, securitySettingsSchema, type SecuritySettings } from '../../../shared/settings';
import { isPasswordStrength } from '../../../shared/passwords';
import type { Deps } from '../../deps';
import type { Executor } from '../../db/client';
import { requireSuperStaff } from '../staff/permissions.service';
import { findSecuritySettings, saveSecuritySettings } from './settings.repository';

/**
 * How long a process keeps the settings it read: every member request checks them (an expired
 * password, a required authenticator). A change through this process applies at once; one made by
 * another process (the operator CLI) within this time.
 */
export const SETTINGS_KEPT_MS = 5_000;
const kept = new WeakMap<Executor, { settings: SecuritySettings; readAt: number }>();

/** The security feature settings (spec section 3, /features/security); the defaults until staff save some. */
export async function getSecuritySettings(db: Executor): Promise<SecuritySettings> {
  const known = kept.get(db);
  if (known && performance.now() - known.readAt < SETTINGS_KEPT_MS) return known.settings;
  const settings = await readSecuritySettings(db);
  kept.set(db, { settings, readAt: performance.now() });
  return settings;
}

async function readSecuritySettings(db: Executor): Promise<SecuritySettings> {
  const row = await findSecuritySettings(db);
  if (!row) return defaultSecuritySettings;
  return {
    passwordStrength: isPasswordStrength(row.passwordStrength) ? row.passwordStrength : defaultSecuritySettings.passwordStrength,
    passwordMaxDaysLimit: row.passwordMaxDaysLimit,
    userTotpVerify: row.userTotpVerify,
  };
}

/** Only super staff change them (checked here, from the database); `staffId` null is the operator CLI. */
export async function updateSecuritySettings(deps: Pick<Deps, 'db' | 'clock' | 'log'>, staffId: string | null, input: Partial<SecuritySettings>): Promise<SecuritySettings> {
  if (staffId !== null) await requireSuperStaff(deps.db, staffId);
  const current = await readSecuritySettings(deps.db);
  const next = securitySettingsSchema.parse({ ...current, ...input });
  await saveSecuritySettings(deps.db, { ...next, updatedAt: deps.clock(), updatedBy: staffId });
  kept.delete(deps.db);
  deps.log.info({ settings: next, staffId }, 'security settings changed');
  return next;
}
