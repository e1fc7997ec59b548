import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceBindings, platformDeliveries, pointLedger } from '../../../src/server/db/schema';
import { createPlatformConnector } from '../../../src/server/modules/platform/platform.connector';
import { allDomainsAt } from '../../../src/server/modules/platform/platform-domains';
import { readBuyAndUsage } from '../../../src/server/modules/platform/platform.service';
import { USAGE_FRESH_MS } from '../../../src/server/modules/points/balance.service';
import { EMULATOR_KEY } from '../../../src/server/platform-emulator/emulator.server';
import { deliverPlatformDelivery } from '../../../src/server/modules/platform/platform-deliveries.service';
import { toAppErrorPayload } from '../../../src/server/trpc/init';
import { recordUsage as recordEmulatedUsage } from '../../../src/server/platform-emulator/store';
import { platformDomainKey } from '../../../src/shared/platform';
import { makeMember } from '../../factories/members';
import { givePoints } from '../../factories/points';
import { failure } from '../../fixtures/errors';
import { startScriptedPlatform } from '../../fixtures/scripted-platform';
import { callerFor, openTestServices, silentLog, type TestServices } from '../../fixtures/services';

/** Points for a bound device (issues 9 part 7, 11 part 4): from the enterprise account, under the transfer rules. */
let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

const as = (user: { id: string }) => callerFor(services.deps, { kind: 'member', userId: user.id });
const cloudA = platformDomainKey.cloudA;
let sequence = 0;
const deviceId = () => `d3v1ce00-4a1b-4c2d-9e3f-${String(++sequence).padStart(12, '0')}`;
const move = (points: number) => [{ projectType: 9, points }];

/** A member on cloud A with `points` M Points delivered to the platform and one bound device. */
async function memberWithDevice(points: number) {
  const member = await makeMember(services.deps.db, { domainKey: cloudA });
  await services.deps.db.transaction((tx) => givePoints(tx, member.groupId, points));
  const queued = await services.deps.db.select().from(platformDeliveries).where(eq(platformDeliveries.subject, member.groupId));
  for (const row of queued) expect(await deliverPlatformDelivery(services.deps, row.id)).toBe('delivered');
  const platformId = deviceId();
  await as(member).platform.devices.bind({ platformId, name: '沖壓線 AOI 工作站' });
  return { member, platformId };
}

async function transferDeliveries(groupId: string) {
  return services.deps.db
    .select()
    .from(platformDeliveries)
    .where(and(eq(platformDeliveries.subject, groupId), eq(platformDeliveries.call, 'point-transfer')));
}

describe('points for a bound device', () => {
  it('moves M Points to the device: the page shows both sides, the records list it, and the platform gets it once', async () => {
    const { member, platformId } = await memberWithDevice(20);
    const result = await as(member).platform.devices.transfer({ platformId, transferList: move(5) });
    expect(result.remaining).toEqual([{ projectType: 9, remaining: 150 }]);

    const points = await as(member).platform.devices.points();
    expect(points.account).toMatchObject([{ projectType: 9, remaining: 150 }]);
    expect(points.devices).toMatchObject([{ platformId, name: '沖壓線 AOI 工作站', types: [{ projectType: 9, remaining: 50 }] }]);
    expect((await as(member).points.transferRecords({})).items.map((item) => [item.kind, item.points, item.counterpart, item.counterpartName])).toEqual([['transferOut', -50, platformId, '沖壓線 AOI 工作站']]);
    // The account's own purchase list and balance are the account's, not the device's.
    expect((await as(member).points.records({})).items.map((item) => item.kind)).toEqual(['purchase']);

    const [delivery] = await transferDeliveries(member.groupId);
    expect(delivery!.payload).toMatchObject({ from: member.groupId, to: platformId, transferList: [{ projectType: 9, transferPointTenths: 50 }] });
    expect(await deliverPlatformDelivery(services.deps, delivery!.id)).toBe('delivered');
    expect(await deliverPlatformDelivery(services.deps, delivery!.id)).not.toBe('retry');
    expect(await readBuyAndUsage(services.deps, cloudA, platformId)).toEqual([{ projectType: 9, buyTenths: 50, usedTenths: 0 }]);
    expect(await readBuyAndUsage(services.deps, cloudA, member.groupId)).toEqual([{ projectType: 9, buyTenths: 150, usedTenths: 0 }]);
  });

  it("shows the device's own usage on the platform: predictions on the device spend its points", async () => {
    const { member, platformId } = await memberWithDevice(20);
    await as(member).platform.devices.transfer({ platformId, transferList: move(5) });
    for (const row of await transferDeliveries(member.groupId)) expect(await deliverPlatformDelivery(services.deps, row.id)).toBe('delivered');
    await recordEmulatedUsage(services.deps.db, { ownerId: platformId, projectType: 9, hours: 2, taskType: 'prediction', by: member.email, at: new Date() });
    expect((await as(member).platform.devices.points()).devices).toMatchObject([{ platformId, types: [{ projectType: 9, bought: 50, used: 20, remaining: 30 }] }]);
  });

  it('shows the account and every device at zero, not retrieved, when the platform cannot be read (issue 9 part 4)', async () => {
    const { member, platformId } = await memberWithDevice(20);
    await as(member).platform.devices.transfer({ platformId, transferList: move(8) });
    for (const row of await transferDeliveries(member.groupId)) expect(await deliverPlatformDelivery(services.deps, row.id)).toBe('delivered');
    expect(await as(member).platform.devices.points()).toMatchObject({ retrieved: true, account: [{ projectType: 9, remaining: 120 }], devices: [{ platformId, types: [{ projectType: 9, remaining: 80 }] }] });

    // Past the last reading's freshness the platform is read again, and cannot be: the earlier figures are not shown as today's.
    const down = await startScriptedPlatform(() => ({ status: 503, body: 'maintenance' }));
    try {
      const platform = createPlatformConnector({ mode: 'remote', domains: allDomainsAt(down.url), key: EMULATOR_KEY, timeoutMs: 1000, readRetries: 0, log: silentLog });
      const caller = callerFor({ ...services.deps, platform, clock: () => new Date(Date.now() + USAGE_FRESH_MS + 1000) }, { kind: 'member', userId: member.id });
      expect(await caller.platform.devices.points()).toEqual({
        retrieved: false,
        account: [{ projectType: 9, bought: 0, used: 0, remaining: 0 }],
        devices: [{ platformId, name: '沖壓線 AOI 工作站', types: [{ projectType: 9, bought: 0, used: 0, remaining: 0 }] }],
      });
      expect(down.hits.get('/scapi/v1/ai/group-buy-and-usage')).toBeGreaterThanOrEqual(1);
    } finally {
      await down.close();
    }
  });

  it("refuses an unbound device, another account's device, and amounts the catalogue refuses; nothing moves", async () => {
    const { member, platformId } = await memberWithDevice(3);
    const { platformId: foreign } = await memberWithDevice(3);
    expect(await failure(as(member).platform.devices.transfer({ platformId: foreign, transferList: move(1) }))).toMatchObject({ code: 'DeviceNotBound' });
    expect(await failure(as(member).platform.devices.transfer({ platformId: deviceId(), transferList: move(1) }))).toMatchObject({ code: 'DeviceNotBound' });
    expect(await failure(as(member).platform.devices.transfer({ platformId, transferList: move(4) }))).toMatchObject({ code: 'OutOfRange', params: { min: 1, max: 3 } });
    expect(await failure(as(member).platform.devices.transfer({ platformId, transferList: move(1.5) }))).toMatchObject({ code: 'TransferPointOutOfRange' });
    expect(await failure(as(member).platform.devices.transfer({ platformId, transferList: [{ projectType: 7, points: 1 }] }))).toMatchObject({ code: 'IncorrectProjectType' });
    expect(await failure(as(member).platform.devices.transfer({ platformId, transferList: [] }))).toMatchObject({ code: 'InvalidInput' });
    expect(await failure(as(member).platform.devices.transfer({ platformId: 'no spaces allowed', transferList: move(1) }))).toMatchObject({ code: 'InvalidInput' });
    await as(member).platform.devices.unbind({ platformId });
    expect(await failure(as(member).platform.devices.transfer({ platformId, transferList: move(1) }))).toMatchObject({ code: 'DeviceNotBound' });
    expect(await failure(callerFor(services.deps).platform.devices.transfer({ platformId, transferList: move(1) }))).toMatchObject({ code: 'MissingAuthentication' });

    const [moved] = await services.deps.db.select({ value: count() }).from(pointLedger).where(and(eq(pointLedger.groupId, member.groupId), eq(pointLedger.kind, 'transferOut')));
    expect(moved!.value).toBe(0);
    expect(await transferDeliveries(member.groupId)).toEqual([]);
  });

  it("sends nothing to a 'device' bound under another enterprise account's id: that account's platform figure is untouched", async () => {
    const { member } = await memberWithDevice(3);
    const victim = await makeMember(services.deps.db, { domainKey: cloudA });
    await services.deps.db.transaction((tx) => givePoints(tx, victim.groupId, 3));
    for (const row of await services.deps.db.select().from(platformDeliveries).where(eq(platformDeliveries.subject, victim.groupId))) await deliverPlatformDelivery(services.deps, row.id);
    // Binding it is refused now; a binding made before that was refused is refused points.
    expect(await failure(as(member).platform.devices.bind({ platformId: victim.groupId, name: '別人的帳號' }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { platformId: ['validation.deviceIdIsAccount'] } });
    await services.deps.db.insert(deviceBindings).values({ platformId: victim.groupId, groupId: member.groupId, name: '舊的綁定', boundBy: member.id, boundAt: new Date() });
    expect(await failure(as(member).platform.devices.transfer({ platformId: victim.groupId, transferList: move(1) }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { platformId: ['validation.deviceIdIsAccount'] } });
    expect(await transferDeliveries(member.groupId)).toEqual([]);
    const [moved] = await services.deps.db.select({ value: count() }).from(pointLedger).where(and(eq(pointLedger.groupId, member.groupId), eq(pointLedger.kind, 'transferOut')));
    expect(moved!.value).toBe(0);
    expect(await readBuyAndUsage(services.deps, cloudA, victim.groupId)).toEqual([{ projectType: 9, buyTenths: 30, usedTenths: 0 }]);
  });

  it('never overdraws the account: 40 simultaneous transfers of 1 point from 25 points give 25 transfers and 15 OutOfRange', async () => {
    const { member, platformId } = await memberWithDevice(25);
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => as(member).platform.devices.transfer({ platformId, transferList: move(1) })));
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [toAppErrorPayload(result.reason).code] : []));
    expect(refusals).toEqual(Array.from({ length: 15 }, () => 'OutOfRange'));
    const points = await as(member).platform.devices.points();
    expect(points.account[0]!.remaining).toBe(0);
    expect(points.devices[0]!.types[0]!.remaining).toBe(250);
    expect(await transferDeliveries(member.groupId)).toHaveLength(25);
  }, 120_000);
});
