import { eq } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostCredentials, platformDeliveries } from '../../../src/server/db/schema';
import { enqueuePlatformDelivery, readBuyAndUsage } from '../../../src/server/modules/platform/platform.service';
import { deliverPlatformDelivery } from '../../../src/server/modules/platform/platform-deliveries.service';
import { credentialKinds, isRemit, platformDomainKey } from '../../../src/shared/platform';
import { projectType } from '../../../src/shared/points';
import { makeMember } from '../../factories/members';
import { cliTestTimeout, runCli, runCliWithInput } from '../../fixtures/cli';
import { openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

const cli = (...args: string[]) => runCli(services.database.url, ...args);
const cloudA = platformDomainKey.cloudA;

/** The CLI as an operator runs it (the default log level), with cloud A's platform at `platformUrl`. */
async function cliWithPlatform(platformUrl: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH, DATABASE_URL: services.database.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-')), PLATFORM_CLOUD_A_URL: platformUrl, PLATFORM_KEY: 'platform-test-key' };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['bin/inspectra.js', ...args], { cwd: path.resolve(import.meta.dirname, '../../..'), env, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    return error as { code: number; stdout: string; stderr: string };
  }
}

/** A platform that refuses every call (type 3): a delivery to it fails for good. */
async function refusingPlatform(): Promise<Server> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ type: 3, message: 'account closed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('platform commands', { timeout: cliTestTimeout }, () => {
  it('lists deliveries, shows the failed ones, and retries one without applying it twice', async () => {
    const { db } = services.deps;
    const member = await makeMember(db, { domainKey: cloudA });
    const purchase = { groupId: member.groupId, purPointTenths: 20, purTime: new Date(), purBy: 'staff', isRemit: isRemit.paid, projectType: projectType.mPoint };
    const { id } = await db.transaction((tx) => enqueuePlatformDelivery(tx, { call: 'purchase-record', domainKey: cloudA, input: purchase }, new Date()));
    // As if every try had failed: the platform was down until now.
    await db.update(platformDeliveries).set({ status: 'failed', attempts: 6, lastError: 'purchase-record: network: connect ECONNREFUSED' }).where(eq(platformDeliveries.id, id));

    const all = await cli('platform', 'deliveries');
    expect(all.code).toBe(0);
    expect(all.stdout).toContain(id);
    const failed = await cli('platform', 'deliveries', '--failed', '--json');
    expect(JSON.parse(failed.stdout)).toEqual([expect.objectContaining({ id, status: 'failed', call: 'purchase-record', subject: member.groupId, attempts: 6 })]);

    expect(await cli('platform', 'retry', id)).toMatchObject({ code: 0, stdout: `purchase-record ${id}: delivered\n` });
    expect(await readBuyAndUsage(services.deps, cloudA, member.groupId)).toEqual([{ projectType: 9, buyTenths: 20, usedTenths: 0 }]);
    expect(await cli('platform', 'retry', id)).toMatchObject({ code: 1, stderr: 'Error: Only a failed delivery can be retried.\n' });
    expect(await cli('platform', 'retry', '00000000-0000-4000-8000-000000000000')).toMatchObject({ code: 1, stderr: 'Error: No such record.\n' });
    expect(await cli('platform', 'deliveries', '--failed')).toMatchObject({ code: 0, stdout: '(none)\n' });
  });

  it('exits 1 when a retried delivery fails again, saying so in one line with no log lines or stack traces', async () => {
    const { db } = services.deps;
    const member = await makeMember(db, { domainKey: cloudA });
    const purchase = { groupId: member.groupId, purPointTenths: 30, purTime: new Date(), purBy: 'staff', isRemit: isRemit.paid, projectType: projectType.mPoint };
    const { id } = await db.transaction((tx) => enqueuePlatformDelivery(tx, { call: 'purchase-record', domainKey: cloudA, input: purchase }, new Date()));
    await db.update(platformDeliveries).set({ status: 'failed', attempts: 6, lastError: 'purchase-record: network: connect ECONNREFUSED' }).where(eq(platformDeliveries.id, id));

    const platform = await refusingPlatform();
    try {
      const retried = await cliWithPlatform(`http://127.0.0.1:${(platform.address() as AddressInfo).port}`, 'platform', 'retry', id);
      expect(retried).toMatchObject({ code: 1, stderr: '' });
      expect(retried.stdout).toMatch(new RegExp(`^purchase-record ${id}: failed again \\(.*account closed.*\\)\n$`));
    } finally {
      platform.close();
    }
    const [row] = await db.select().from(platformDeliveries).where(eq(platformDeliveries.id, id));
    expect(row).toMatchObject({ status: 'failed' });
  });

  it('refuses a delivery id that is not a UUID with a clear message, without asking the database', async () => {
    const refused = await cli('platform', 'retry', 'abc');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('not a delivery id: use the id (a UUID) that `platform deliveries` shows.');
    expect(refused.stderr).not.toMatch(/select|Failed query/i);
  });

  it('records emulated usage against the member group\'s points, and refuses more than remain', async () => {
    const member = await makeMember(services.deps.db, { domainKey: cloudA });
    const { id } = await services.deps.db.transaction((tx) =>
      enqueuePlatformDelivery(tx, { call: 'purchase-record', domainKey: cloudA, input: { groupId: member.groupId, purPointTenths: 400, purTime: new Date(), purBy: 'staff', isRemit: isRemit.paid, projectType: projectType.mPoint } }, new Date()),
    );
    await deliverPlatformDelivery(services.deps, id);

    const used = await cli('platform', 'usage', member.email, '--project-type', '9', '--hours', '1.5');
    expect(used).toMatchObject({ code: 0 });
    expect(used.stdout).toContain('38.5 points of project type 9 remain');
    expect(await readBuyAndUsage(services.deps, cloudA, member.groupId)).toEqual([{ projectType: 9, buyTenths: 400, usedTenths: 15 }]);

    expect(await cli('platform', 'usage', member.email, '--project-type', '9', '--hours', '39')).toMatchObject({ code: 1, stderr: 'Error: not enough points of project type 9\n' });
    expect((await cli('platform', 'usage', member.email, '--project-type', '5', '--hours', '1')).code).not.toBe(0);
    expect((await cli('platform', 'usage', member.email, '--project-type', '9', '--hours', '0.25')).code).not.toBe(0);
    expect(await cli('platform', 'usage', 'nobody@unknown-parts.example', '--project-type', '9', '--hours', '1')).toMatchObject({ code: 1, stderr: 'Error: No account with that e-mail.\n' });
    expect(await readBuyAndUsage(services.deps, cloudA, member.groupId)).toEqual([{ projectType: 9, buyTenths: 400, usedTenths: 15 }]);
  });

  it('refuses a --limit that is not a whole number from 1 to 500, and keeps to the one given', async () => {
    const { db } = services.deps;
    for (const points of [10, 20]) {
      const member = await makeMember(db, { domainKey: cloudA });
      await db.transaction((tx) => enqueuePlatformDelivery(tx, { call: 'purchase-record', domainKey: cloudA, input: { groupId: member.groupId, purPointTenths: points, purTime: new Date(), purBy: 'staff', isRemit: isRemit.paid, projectType: projectType.mPoint } }, new Date()));
    }
    for (const limit of ['abc', '-1', '0', '1.5', '1e2', '0x10', '501']) {
      expect(await cli('platform', 'deliveries', '--limit', limit)).toEqual({ code: 1, stdout: '', stderr: `error: option '--limit <n>' argument '${limit}' is invalid. must be a whole number from 1 to 500\n` });
    }
    const one = await cli('platform', 'deliveries', '--limit', '1', '--json');
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toHaveLength(1);
    expect(JSON.parse((await cli('platform', 'deliveries', '--limit', '500', '--json')).stdout).length).toBeGreaterThanOrEqual(2);
  });

  it('says what a bad --task or credential kind is and what is accepted, and which account was not found', async () => {
    const member = await makeMember(services.deps.db, { domainKey: cloudA });
    expect(await cli('platform', 'usage', member.email, '--project-type', '9', '--hours', '1', '--task', 'bogus')).toEqual({
      code: 1,
      stdout: '',
      stderr: "error: option '--task <task>' argument 'bogus' is invalid. Allowed choices are training, prediction.\n",
    });
    expect(await cli('platform', 'host', 'set', member.email, 'ssh', '--address', 'a', '--username', 'b')).toEqual({
      code: 1,
      stdout: '',
      stderr: `error: command-argument value 'ssh' is invalid for argument 'kind'. Allowed choices are ${credentialKinds.join(', ')}.\n`,
    });
    expect(await cli('platform', 'host', 'show', 'ZZZZZZZZZZZZZZ')).toEqual({ code: 1, stdout: '', stderr: 'Error: No enterprise account has that group id.\n' });
    expect(await cli('platform', 'host', 'show', 'nobody@unknown-parts.example')).toEqual({ code: 1, stdout: '', stderr: 'Error: No enterprise account has a member with that e-mail.\n' });
  });

  it("sets an account's host credential with the secret piped in, sealed, and shows it without the secret", async () => {
    const { db } = services.deps;
    const member = await makeMember(db, { domainKey: cloudA });
    const set = await runCliWithInput(services.database.url, 'Kx7-remote-pass\n', 'platform', 'host', 'set', member.email, 'remote', '--address', 'rdp://10.20.4.40:3389', '--username', 'aoi-2', '--secret-stdin');
    expect(set).toMatchObject({ code: 0, stdout: `remote credential of ${member.groupId} set (secret sealed).\n` });
    const [stored] = await db.select().from(hostCredentials).where(eq(hostCredentials.groupId, member.groupId));
    expect(stored!.secret).toMatch(/^v1:/);
    expect(stored!.secret).not.toContain('Kx7-remote-pass');

    const shown = await cli('platform', 'host', 'show', member.groupId, '--json');
    expect(JSON.parse(shown.stdout)).toMatchObject({ groupId: member.groupId, domainKey: 'cloud-a', credentials: [{ kind: 'remote', address: 'rdp://10.20.4.40:3389', username: 'aoi-2', hasSecret: true }] });
    expect(shown.stdout).not.toContain('Kx7');
    expect(await cli('platform', 'host', 'set', member.email, 'ssh', '--address', 'a', '--username', 'b')).toMatchObject({ code: 1 });
  });
});
