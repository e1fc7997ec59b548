import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { makeMember } from '../../factories/members';
import { mailsTo } from '../../fixtures/mails';
import { cliTestTimeout, runCli } from '../../fixtures/cli';
import { openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

const cli = (...args: string[]) => runCli(services.database.url, ...args);

describe('account commands', { timeout: cliTestTimeout }, () => {
  it('lists members awaiting activation and activates one, who is mailed', async () => {
    const member = await makeMember(services.deps.db, { status: 0, language: 'en' });
    const pending = await cli('accounts', 'pending');
    expect(pending.code).toBe(0);
    expect(pending.stdout).toContain(member.email);

    expect(await cli('accounts', 'activate', member.email.toUpperCase())).toMatchObject({ code: 0, stdout: `${member.email} is now active and has been mailed.\n` });
    const [stored] = await services.deps.db.select().from(users).where(eq(users.id, member.id));
    expect(stored!.status).toBe(1);
    expect((await mailsTo(services.deps.db, member.email, 'account.activated'))[0]!.subject).toBe('[Inspectra] Your account is active');
    expect(await cli('accounts', 'activate', 'nobody@unknown-parts.example')).toMatchObject({ code: 1, stderr: 'Error: No account with that e-mail.\n' });
  });
});
