import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitContactMessage } from '../../../src/server/modules/messages/messages.service';
import { contactFormDefaults } from '../../../src/shared/messages';
import { staffByEmail } from '../../../src/server/modules/staff/staff.service';
import { makeStaff } from '../../factories/staff';
import { cliTestTimeout, runCli } from '../../fixtures/cli';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';
import { memoryCookieJar } from '../../../src/server/http/cookies';

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

const cli = (...args: string[]) => runCli(services.database.url, ...args);

describe('the operator CLI', { timeout: cliTestTimeout }, () => {
  it("creates docker-compose's first super staff only while there is no staff at all", async () => {
    await makeStaff(services.deps.db);
    const first = await cli('staff', 'create', '--if-no-staff', '--super', '--email', 'admin@inspectra.example', '--name', 'Administrator');
    expect(first).toMatchObject({ code: 0, stdout: 'Staff accounts exist already: none created.\n' });
    expect(await staffByEmail(services.deps.db, 'admin@inspectra.example')).toBeUndefined();
  });

  it("resets a staff member's authenticator: the next sign-in enrols a new one", async () => {
    const member = await makeStaff(services.deps.db, { permissions: ['customer_service'] });
    const reset = await cli('staff', 'reset-totp', member.email.toUpperCase());
    expect(reset).toMatchObject({ code: 0, stdout: `Authenticator of ${member.email} reset: they enrol a new one at their next sign-in.\n` });
    const signIn = callerFor(services.deps, undefined, undefined, { cookies: memoryCookieJar() }).staff.signIn({ email: member.email, password: 'correct horse battery' });
    await expect(signIn).resolves.toMatchObject({ status: 'totpEnrolment' });
    const unknown = await cli('staff', 'reset-totp', 'nobody@inspectra.example');
    expect(unknown.code).toBe(1);
  });

  it('creates staff, lists and replies to contact messages, and shows the outbox', async () => {
    const created = await cli('staff', 'create', '--email', 'Ops.Lead@Inspectra.example', '--name', 'Ops Lead', '--permission', 'customer_service');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Staff account ops.lead@inspectra.example created: customer_service.');
    expect(created.stdout).toMatch(/Password \(shown once.*\): [\w-]{16}/);
    expect(created.stdout).toContain('At the first sign-in at /admin they set up an authenticator app');

    const { id } = await submitContactMessage(
      services.deps,
      { ...contactFormDefaults, type: 2, firstName: 'Wei', lastName: 'Chen', email: 'wei.chen@taichung-die.example', phone: '04-2255-0000', description: 'Does the cycle-time tool read RTSP streams?' },
      'en',
    );

    const listed = await cli('messages', 'list', '--status', 'open');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^${id}\\s+open\\s+.*wei\\.chen@taichung-die\\.example\\s+other\\s+Does the cycle-time tool`, 'm'));

    const shown = await cli('messages', 'show', String(id));
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('Wei Chen <wei.chen@taichung-die.example>  04-2255-0000');
    expect(shown.stdout).toContain('\nDoes the cycle-time tool read RTSP streams?\n');

    const replied = await cli('messages', 'reply', String(id), '--by', 'ops.lead@inspectra.example');
    expect(replied).toMatchObject({ code: 0, stdout: `Message ${id} from wei.chen@taichung-die.example is marked replied.\n` });
    const again = await cli('messages', 'reply', String(id));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('replied already');
    const repliedList = await cli('messages', 'list', '--status', 'replied', '--json');
    const parsed = JSON.parse(repliedList.stdout) as { items: Array<{ id: number; status: number }> };
    expect(parsed.items).toEqual([expect.objectContaining({ id, status: 1 })]);
    const shownJson = JSON.parse((await cli('messages', 'show', String(id), '--json')).stdout) as { status: number; phone: string };
    expect(shownJson).toMatchObject({ status: 1, phone: '04-2255-0000' });

    const outbox = await cli('outbox', 'list');
    // No worker runs in this test, so the mail waits in the outbox.
    expect(outbox.stdout).toMatch(/pending\s+0\s+ops\.lead@inspectra\.example\s+\[Inspectra\] 新的客服留言/);
  });

  it('says what is wrong with bad input and exits non-zero', async () => {
    expect(await cli('messages', 'reply', '987654')).toMatchObject({ code: 1, stderr: 'Error: No such record.\n' });
    expect(await cli('messages', 'show', '987654')).toMatchObject({ code: 1, stderr: 'Error: No such record.\n' });
    const badId = await cli('messages', 'reply', 'abc');
    expect(badId.code).not.toBe(0);
    expect(badId.stderr).toContain('must be a whole number from 1 to 2147483647');
    const badStatus = await cli('messages', 'list', '--status', 'maybe');
    expect(badStatus.code).not.toBe(0);
    expect(badStatus.stderr).toContain('Allowed choices are open, replied');
    const badEmail = await cli('staff', 'create', '--email', 'not-an-email', '--name', 'X');
    expect(badEmail.code).toBe(1);
    expect(badEmail.stderr).toContain('email');
  });

  it('refuses a number option or id out of its range, or not a whole number, saying the range', async () => {
    const refused = (option: string, value: string, range: string) => ({ code: 1, stdout: '', stderr: `error: option '${option}' argument '${value}' is invalid. must be a whole number from ${range}\n` });
    for (const limit of ['abc', '-1', '0', '2.5', '501']) expect(await cli('outbox', 'list', '--limit', limit)).toEqual(refused('--limit <n>', limit, '1 to 500'));
    for (const size of ['0', '101', '1e2']) expect(await cli('messages', 'list', '--page-size', size)).toEqual(refused('--page-size <n>', size, '1 to 100'));
    for (const limit of ['abc', '101']) expect(await cli('audit', 'search', '--limit', limit)).toEqual(refused('--limit <n>', limit, '1 to 100'));
    expect(await cli('messages', 'list', '--before', '0x10')).toEqual(refused('--before <id>', '0x10', '1 to 2147483647'));
    // An id no integer column holds: refused here, not sent to the database (whose error named the SQL).
    expect(await cli('messages', 'show', '99999999999')).toEqual({ code: 1, stdout: '', stderr: "error: command-argument value '99999999999' is invalid for argument 'id'. must be a whole number from 1 to 2147483647\n" });
    expect(await cli('outbox', 'list', '--limit', '1')).toMatchObject({ code: 0, stderr: '' });
    expect(await cli('audit', 'search', '--limit', '100')).toMatchObject({ code: 0, stderr: '' });
  });
});

/** A loopback port nothing listens on (one the system just gave out and took back). */
async function closedLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the CLI when the database cannot be reached', { timeout: cliTestTimeout }, () => {
  it('says where it looked for the database and what the driver said, never the SQL, its parameters or the password', async () => {
    const port = await closedLoopbackPort();
    const unreachable = `postgres://postgres:db-password-7Q@127.0.0.1:${port}/portal`;
    const said = `Error: cannot reach the database at 127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}\n`;
    // A query, an export (a stream), and a transaction (whose connect fails before any query).
    for (const args of [['points', 'balance', 'lin.zm@chenghong-parts.example'], ['orders', 'export'], ['settings', 'security', 'set', '--totp', 'on']]) {
      const result = await runCli(unreachable, ...args);
      expect(result).toEqual({ code: 1, stdout: '', stderr: said });
    }
  });
});
