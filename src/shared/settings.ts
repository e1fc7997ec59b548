import { z } from 'zod';
import { passwordStrengths } from './passwords';

/** The security feature settings of the portal (spec section 3 'Feature settings'), changed by super staff; input and output alike. */
export const securitySettingsSchema = z.object({
  passwordStrength: z.enum(passwordStrengths, { error: 'validation.invalid' }),
  passwordMaxDaysLimit: z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(3650, { error: 'validation.invalid' }),
  userTotpVerify: z.boolean({ error: 'validation.invalid' }),
});
export type SecuritySettings = z.output<typeof securitySettingsSchema>;
export const defaultSecuritySettings: SecuritySettings = { passwordStrength: 'basic', passwordMaxDaysLimit: 90, userTotpVerify: false };

