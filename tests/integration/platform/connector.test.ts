import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformConnector, type PlatformConnector } from '../../../src/server/modules/platform/platform.connector';
import { allDomainsAt } from '../../../src/server/modules/platform/platform-domains';
import { PlatformApiException, PlatformApiFailResponse } from '../../../src/server/modules/platform/platform-errors';
import { emulatorUsers } from '../../../src/server/platform-emulator/schema';
import { EMULATOR_KEY } from '../../../src/server/platform-emulator/emulator.server';
import { isRemit, platformDomainKey } from '../../../src/shared/platform';
import { projectType } from '../../../src/shared/points';
import { makeMember } from '../../factories/members';
import { startScriptedPlatform } from '../../fixtures/scripted-platform';
import { callerFor, openTestServices, silentLog, type TestServices } from '../../fixtures/services';

let services: TestServices;
let platform: PlatformConnector;
const cloudA = platformDomainKey.cloudA;
let sequence = 0;
const nextGroup = () => `G${String(++sequence).padStart(13, '0')}`;

beforeAll(async () => {
  services = await openTestServices();
  platform = services.deps.platform;
});
afterAll(() => services.close());

function connectorAt(url: string, overrides: { key?: string; timeoutMs?: number; readRetries?: number } = {}) {
  return createPlatformConnector({ mode: 'remote', domains: allDomainsAt(url), key: overrides.key ?? EMULATOR_KEY, timeoutMs: overrides.timeoutMs ?? 2000, readRetries: overrides.readRetries ?? 2, log: silentLog });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('the connector against the emulator: the seven calls', () => {
  it('uses the emulator when no platform address is configured', () => {
    expect(platform.mode).toBe('emulator');
    expect(services.platform.emulatorUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('user/create, user/update and changepwd create, close and re-key an account', async () => {
    const group = nextGroup();
    await expect(platform.createUser(cloudA, { groupId: group, createBy: 'staff@inspectra.example', userId: 'optics-admin', userName: '林志明', password: 'first-Pass-1' })).resolves.toEqual({ userId: 'optics-admin' });
    // Creating the same account again is harmless; another group may not take the name.
    await expect(platform.createUser(cloudA, { groupId: group, createBy: 'staff', userId: 'optics-admin', userName: '林志明', password: 'first-Pass-1' })).resolves.toEqual({ userId: 'optics-admin' });
    const taken = await failure(platform.createUser(cloudA, { groupId: nextGroup(), createBy: 'staff', userId: 'optics-admin', userName: 'x', password: 'p' }));
    expect(taken).toBeInstanceOf(PlatformApiFailResponse);
    expect(taken).toMatchObject({ code: 'PlatformApiFailResponse', platformType: 4 });

    await expect(platform.updateUser(cloudA, { userId: 'optics-admin', modifyBy: 'staff', modifyTime: new Date(), isClose: true, userName: '林志明 (停用)' })).resolves.toEqual({ userId: 'optics-admin' });
    const [closed] = await services.deps.db.select().from(emulatorUsers).where(eq(emulatorUsers.userId, 'optics-admin'));
    expect(closed).toMatchObject({ isClose: true, userName: '林志明 (停用)', modifiedBy: 'staff' });
    expect(await failure(platform.updateUser(cloudA, { userId: 'nobody', modifyBy: 'staff', modifyTime: new Date() }))).toMatchObject({ platformType: 2 });

    await expect(platform.changePassword(cloudA, { userIds: ['optics-admin'], oldPassword: 'first-Pass-1', newPassword: 'second-Pass-2' })).resolves.toBeUndefined();
    const [changed] = await services.deps.db.select().from(emulatorUsers).where(eq(emulatorUsers.userId, 'optics-admin'));
    expect(changed!.passwordHash).not.toBe(closed!.passwordHash);
    expect(await failure(platform.changePassword(cloudA, { userIds: ['optics-admin', 'nobody'], oldPassword: null, newPassword: 'x-Pass-3' }))).toBeInstanceOf(PlatformApiFailResponse);
  });

  it('a member changing the password changes it on the platform too (the changepwd hook)', async () => {
    const member = await makeMember(services.deps.db, { platformUserId: 'hook-user', domainKey: cloudA });
    await platform.createUser(cloudA, { groupId: member.groupId, createBy: 'staff', userId: 'hook-user', userName: member.name, password: member.password });
    const [before] = await services.deps.db.select().from(emulatorUsers).where(eq(emulatorUsers.userId, 'hook-user'));
    await callerFor(services.deps, { kind: 'member', userId: member.id }).auth.changePassword({ currentPassword: member.password, password: 'Platform-sync-77', confirmPassword: 'Platform-sync-77' });
    const [after] = await services.deps.db.select().from(emulatorUsers).where(eq(emulatorUsers.userId, 'hook-user'));
    expect(after!.passwordHash).not.toBe(before!.passwordHash);
  });

  it('purchase-record, group-buy-and-usage, point-transfer and get-point-record keep exact tenths', async () => {
    const group = nextGroup();
    const team = 'TTEAM000000001';
    const at = new Date('2026-11-20T03:04:05Z');
    const first = await platform.purchaseRecord(cloudA, { groupId: group, purPointTenths: 400, purTime: at, purBy: 'staff', isRemit: isRemit.unpaid, projectType: projectType.mPoint });
    await platform.purchaseRecord(cloudA, { groupId: group, purPointTenths: 25, purTime: at, purBy: 'staff', isRemit: isRemit.paid, projectType: projectType.image });
    expect(first.recordId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await platform.groupBuyAndUsage(cloudA, { groupId: group })).toEqual([
      { projectType: projectType.image, buyTenths: 25, usedTenths: 0 },
      { projectType: projectType.mPoint, buyTenths: 400, usedTenths: 0 },
    ]);

    await platform.pointTransfer(cloudA, { transferBy: 'admin@optics.example', from: group, to: team, transferList: [{ projectType: projectType.mPoint, transferPointTenths: 150 }], purTime: at });
    expect(await platform.groupBuyAndUsage(cloudA, { groupId: group })).toContainEqual({ projectType: projectType.mPoint, buyTenths: 250, usedTenths: 0 });
    expect(await platform.groupBuyAndUsage(cloudA, { groupId: team })).toEqual([{ projectType: projectType.mPoint, buyTenths: 150, usedTenths: 0 }]);

    // More than the source has of one type: the whole transfer is refused and nothing moves.
    const overdraft = await failure(
      platform.pointTransfer(cloudA, { transferBy: 'a', from: team, to: group, transferList: [{ projectType: projectType.mPoint, transferPointTenths: 10 }, { projectType: projectType.image, transferPointTenths: 10 }], purTime: at }),
    );
    expect(overdraft).toMatchObject({ code: 'PlatformApiFailResponse', platformType: 3 });
    expect(await platform.groupBuyAndUsage(cloudA, { groupId: team })).toEqual([{ projectType: projectType.mPoint, buyTenths: 150, usedTenths: 0 }]);

    const records = await platform.getPointRecord(cloudA, { groupId: group });
    expect(records.map((record) => [record.recordType, record.projectType, record.tenths, record.isRemit])).toEqual([
      ['purchase', projectType.mPoint, 400, 'N'],
      ['purchase', projectType.image, 25, 'Y'],
      ['transfer_out', projectType.mPoint, 150, null],
    ]);
    expect(records[0]!.time).toEqual(at);
  });

  it('answers a repeated idempotency key with the first result and applies nothing', async () => {
    const group = nextGroup();
    const purchase = { groupId: group, purPointTenths: 20, purTime: new Date(), purBy: 'staff', isRemit: isRemit.paid, projectType: projectType.mPoint } as const;
    const one = await platform.purchaseRecord(cloudA, purchase, { idempotencyKey: 'trial-grant-1' });
    const again = await Promise.all(Array.from({ length: 10 }, () => platform.purchaseRecord(cloudA, purchase, { idempotencyKey: 'trial-grant-1' })));
    expect(again.every((reply) => reply.recordId === one.recordId)).toBe(true);
    const transfer = { transferBy: 'a', from: group, to: null, transferList: [{ projectType: projectType.mPoint, transferPointTenths: 5 }], purTime: new Date() };
    const moved = await platform.pointTransfer(cloudA, transfer, { idempotencyKey: 'move-1' });
    await expect(platform.pointTransfer(cloudA, transfer, { idempotencyKey: 'move-1' })).resolves.toEqual(moved);
    expect(await platform.groupBuyAndUsage(cloudA, { groupId: group })).toEqual([{ projectType: projectType.mPoint, buyTenths: 15, usedTenths: 0 }]);
  });

  it('leaves the idempotency key of a refused write unclaimed: sent again once the points are there, it applies', async () => {
    const group = nextGroup();
    const transfer = { transferBy: 'a', from: group, to: null, transferList: [{ projectType: projectType.mPoint, transferPointTenths: 30 }], purTime: new Date() };
    expect(await failure(platform.pointTransfer(cloudA, transfer, { idempotencyKey: 'early-move' }))).toMatchObject({ code: 'PlatformApiFailResponse', platformType: 3 });
    expect(await platform.getPointRecord(cloudA, { groupId: group })).toEqual([]);
    await platform.purchaseRecord(cloudA, { groupId: group, purPointTenths: 50, purTime: new Date(), purBy: 'staff', isRemit: isRemit.paid, projectType: projectType.mPoint });
    const moved = await platform.pointTransfer(cloudA, transfer, { idempotencyKey: 'early-move' });
    await expect(platform.pointTransfer(cloudA, transfer, { idempotencyKey: 'early-move' })).resolves.toEqual(moved);
    expect(await platform.groupBuyAndUsage(cloudA, { groupId: group })).toEqual([{ projectType: projectType.mPoint, buyTenths: 20, usedTenths: 0 }]);
  });

  it('keeps each account\'s totals equal to its records over many transfers both ways', async () => {
    const group = nextGroup();
    const team = nextGroup();
    await platform.purchaseRecord(cloudA, { groupId: group, purPointTenths: 1000, purTime: new Date(), purBy: 'staff', isRemit: isRemit.paid, projectType: projectType.mPoint });
    await platform.purchaseRecord(cloudA, { groupId: team, purPointTenths: 1000, purTime: new Date(), purBy: 'staff', isRemit: isRemit.paid, projectType: projectType.mPoint });
    const move = (from: string, to: string, tenths: number) =>
      platform.pointTransfer(cloudA, { transferBy: 'admin', from, to, transferList: [{ projectType: projectType.mPoint, transferPointTenths: tenths }], purTime: new Date() });
    await Promise.all(Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? move(group, team, 10) : move(team, group, 30))));
    const totals = async (owner: string) => (await platform.groupBuyAndUsage(cloudA, { groupId: owner })).find((line) => line.projectType === projectType.mPoint)!.buyTenths;
    expect(await totals(group)).toBe(1000 - 20 * 10 + 20 * 30);
    expect(await totals(team)).toBe(1000 + 20 * 10 - 20 * 30);
    // The totals are the records summed.
    for (const owner of [group, team]) {
      const records = await platform.getPointRecord(cloudA, { groupId: owner });
      const summed = records.reduce((sum, record) => sum + (record.recordType === 'transfer_out' ? -record.tenths : record.recordType === 'usage' ? 0 : record.tenths), 0);
      expect(await totals(owner)).toBe(summed);
    }
    // A transfer beyond what is left is refused whole.
    expect(await failure(move(team, group, 10_000))).toBeInstanceOf(PlatformApiFailResponse);
    expect(await totals(team)).toBe(1000 + 20 * 10 - 20 * 30);
  });

  it('refuses a wrong shared key and an unknown domain', async () => {
    const wrongKey = connectorAt(services.platform.emulatorUrl!, { key: 'not-the-key' });
    expect(await failure(wrongKey.groupBuyAndUsage(cloudA, { groupId: nextGroup() }))).toMatchObject({ code: 'PlatformApiFailResponse', platformType: 5 });
    expect(await failure(platform.groupBuyAndUsage(null, { groupId: 'G' }))).toMatchObject({ code: 'UndefinedDomain' });
    expect(await failure(platform.groupBuyAndUsage('cloud-z', { groupId: 'G' }))).toMatchObject({ code: 'UndefinedDomain' });
  });
});

describe('the connector against a misbehaving platform: PlatformApiException', () => {
  it('a reply of the wrong shape, not JSON, or an HTTP error is a PlatformApiException, never a crash', async () => {
    const bodies = [
      { status: 200, body: JSON.stringify({ type: 0, data: [{ project_type: 9, buy_points: 'lots' }] }) },
      { status: 200, body: '<html>maintenance</html>' },
      { status: 502, body: 'Bad gateway' },
      { status: 200, body: JSON.stringify({ data: [] }) },
    ];
    for (const answer of bodies) {
      const scripted = await startScriptedPlatform(() => answer);
      const error = await failure(connectorAt(scripted.url, { readRetries: 0 }).groupBuyAndUsage(cloudA, { groupId: 'G1' }));
      await scripted.close();
      expect(error).toBeInstanceOf(PlatformApiException);
      expect(error).toMatchObject({ code: 'PlatformApiException' });
    }
  });

  it('a refused connection and a time-out are PlatformApiExceptions', async () => {
    const closed = await startScriptedPlatform(() => ({ status: 200, body: '{}' }));
    await closed.close();
    expect(await failure(connectorAt(closed.url, { readRetries: 0 }).getPointRecord(cloudA))).toMatchObject({ code: 'PlatformApiException', reason: 'network' });
    const silent = await startScriptedPlatform(() => 'hang');
    expect(await failure(connectorAt(silent.url, { timeoutMs: 300, readRetries: 0 }).getPointRecord(cloudA))).toMatchObject({ code: 'PlatformApiException', reason: 'timeout' });
    await silent.close();
  });

  it('retries a read a bounded number of times, and never a write', async () => {
    const flaky = await startScriptedPlatform(({ hit }) => (hit <= 2 ? { status: 503, body: 'busy' } : { status: 200, body: JSON.stringify({ type: 0, data: [{ project_type: 9, buy_points: 4.5, used_points: 1 }] }) }));
    await expect(connectorAt(flaky.url, { readRetries: 2 }).groupBuyAndUsage(cloudA, { groupId: 'G1' })).resolves.toEqual([{ projectType: 9, buyTenths: 45, usedTenths: 10 }]);
    expect(flaky.hits.get('/scapi/v1/ai/group-buy-and-usage')).toBe(3);
    await flaky.close();

    const down = await startScriptedPlatform(() => ({ status: 503, body: 'busy' }));
    await failure(connectorAt(down.url, { readRetries: 1 }).groupBuyAndUsage(cloudA, { groupId: 'G1' }));
    expect(down.hits.get('/scapi/v1/ai/group-buy-and-usage')).toBe(2);
    await failure(connectorAt(down.url, { readRetries: 3 }).purchaseRecord(cloudA, { groupId: 'G1', purPointTenths: 10, purTime: new Date(), purBy: 's', isRemit: 'Y', projectType: 9 }));
    expect(down.hits.get('/scapi/v1/ai/purchase-record')).toBe(1);
    await down.close();
  });
});
