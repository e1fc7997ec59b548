import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostCredentials, platformDeliveries } from '../../../src/server/db/schema';
import { enqueuePlatformDelivery, readBuyAndUsage } from '../../../src/server/modules/platform/platform.service';
import { deliverPlatformDelivery } from '../../../src/server/modules/platform/platform-deliveries.service';
import { isRemit, platformDomainKey } from '../../../src/shared/platform';
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
