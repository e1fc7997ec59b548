import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSecuritySettings } from '../../../src/server/modules/settings/settings.service';
import { cliTestTimeout, runCli } from '../../fixtures/cli';
import { openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

const cli = (...args: string[]) => runCli(services.database.url, ...args);

describe('settings commands', { timeout: cliTestTimeout }, () => {
  it('shows and changes the security settings', async () => {
    const changed = await cli('settings', 'security', 'set', '--password-strength', 'strong', '--password-max-days', '60', '--totp', 'on');
    expect(changed.code).toBe(0);
    expect(changed.stdout).toMatch(/passwordStrength\s+strong\npasswordMaxDaysLimit\s+60\nuserTotpVerify\s+on/);
    expect(await getSecuritySettings(services.deps.db)).toEqual({ passwordStrength: 'strong', passwordMaxDaysLimit: 60, userTotpVerify: true });
    const bad = await cli('settings', 'security', 'set', '--password-strength', 'extreme');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('Allowed choices are basic, medium, strong');
    for (const days of ['3651', 'ninety', '0', '1e2']) {
      expect(await cli('settings', 'security', 'set', '--password-max-days', days)).toEqual({
        code: 1,
        stdout: '',
        stderr: `error: option '--password-max-days <days>' argument '${days}' is invalid. must be a whole number of days from 1 to 3650\n`,
      });
    }
    expect(await getSecuritySettings(services.deps.db)).toMatchObject({ passwordMaxDaysLimit: 60 });
  });
});
