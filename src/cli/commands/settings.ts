import { Command, InvalidArgumentError, Option } from 'commander';
import { securitySettingsSchema, type SecuritySettings } from '../../shared/settings';
import { passwordStrengths, type PasswordStrength } from '../../shared/passwords';
import { getSecuritySettings, updateSecuritySettings } from '../../server/modules/settings/settings.service';
import { wholeNumber, withServices } from '../context';

/** The range the settings accept (1 to 3650 days). */
const { minValue: fewestDays, maxValue: mostDays } = securitySettingsSchema.shape.passwordMaxDaysLimit;

function onOff(value: string): boolean {
  if (value !== 'on' && value !== 'off') throw new InvalidArgumentError('must be on or off');
  return value === 'on';
}

function print(settings: SecuritySettings) {
  console.log(`passwordStrength      ${settings.passwordStrength}`);
  console.log(`passwordMaxDaysLimit  ${settings.passwordMaxDaysLimit}`);
  console.log(`userTotpVerify        ${settings.userTotpVerify ? 'on' : 'off'}`);
}

export function registerSettingsCommands(program: Command): void {
  const security = program.command('settings').description('feature settings').command('security').description('security feature settings (/features/security)');
  security
    .command('show')
    .description('show the security settings')
    .action(() => withServices(async (deps) => print(await getSecuritySettings(deps.db))));
  security
    .command('set')
    .description('change security settings (as the operator; in the web app only super staff may)')
    .addOption(new Option('--password-strength <level>', 'password strength rule').choices(passwordStrengths))
    .option('--password-max-days <days>', `days before a password must be changed, ${fewestDays} to ${mostDays}`, wholeNumber(fewestDays ?? 1, mostDays ?? 3650, 'days'))
    .option('--totp <on|off>', 'require an authenticator code at member sign-in', onOff)
    .action((options: { passwordStrength?: PasswordStrength; passwordMaxDays?: number; totp?: boolean }) =>
      withServices(async (deps) => {
        const changes: Partial<SecuritySettings> = {};
        if (options.passwordStrength) changes.passwordStrength = options.passwordStrength;
        if (options.passwordMaxDays !== undefined) changes.passwordMaxDaysLimit = options.passwordMaxDays;
        if (options.totp !== undefined) changes.userTotpVerify = options.totp;
        print(await updateSecuritySettings(deps, null, changes));
      }),
    );
}
