import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, platformDeliveries } from '../../../src/server/db/schema';
import { PAID_ACCOUNT_DOMAIN } from '../../../src/server/modules/accounts/platform-account.service';
import { createPlatformConnector } from '../../../src/server/modules/platform/platform.connector';
import { allDomainsAt } from '../../../src/server/modules/platform/platform-domains';
import { recordEmulatedUsage } from '../../../src/server/modules/platform/platform-usage.service';
import { recordPlatformUsage, USAGE_FRESH_MS } from '../../../src/server/modules/points/balance.service';
import { deliverPlatformDelivery } from '../../../src/server/modules/platform/platform-deliveries.service';
import { EMULATOR_KEY } from '../../../src/server/platform-emulator/emulator.server';
import { platformDomainKey } from '../../../src/shared/platform';
import { projectType } from '../../../src/shared/points';
import { makeMember } from '../../factories/members';
import { givePoints } from '../../factories/points';
import { makeStaff } from '../../factories/staff';
import { mailsTo } from '../../fixtures/mails';
import { startScriptedPlatform } from '../../fixtures/scripted-platform';
import { callerFor, openTestServices, silentLog, type TestServices } from '../../fixtures/services';

/** Issue 9 part 3: purchases and grants reach the platform through the outbox; balances read its usage. */
let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

async function purchaseDeliveries(groupId: string) {
  return services.deps.db
    .select()
    .from(platformDeliveries)
    .where(and(eq(platformDeliveries.subject, groupId), eq(platformDeliveries.call, 'purchase-record')));
}

describe('points and the platform', () => {
  it('queues purchases and bonus grants for the platform in their transaction; delivered, the balance shows the platform usage', async () => {
    const member = await makeMember(services.deps.db, { domainKey: platformDomainKey.cloudA });
    await services.deps.db.transaction((tx) => givePoints(tx, member.groupId, 40));
    const finance = await makeStaff(services.deps.db, { permissions: ['points_management'] });
    await callerFor(services.deps, { kind: 'staff', staffId: finance.id }).points.admin.grantBonus({ account: member.email, points: 2.5, reason: '研討會' });
    const queued = await purchaseDeliveries(member.groupId);
    expect(queued.map((row) => row.payload)).toEqual(
      expect.arrayContaining([expect.objectContaining({ purPointTenths: 400, isRemit: 'Y', projectType: 9 }), expect.objectContaining({ purPointTenths: 25, isRemit: 'Y', projectType: 9 })]),
    );
    // Whichever is tried first, the account's calls go in the order they were written (the later one waits, then follows).
    for (const row of queued) await deliverPlatformDelivery(services.deps, row.id);
    expect((await purchaseDeliveries(member.groupId)).map((row) => row.status)).toEqual(['delivered', 'delivered']);

    await recordPlatformUsage(services.deps, { email: member.email, projectType: projectType.mPoint, hours: 3.5, taskType: 'training' });
    const balance = await callerFor(services.deps, { kind: 'member', userId: member.id }).points.balance();
    expect(balance).toMatchObject({ retrieved: true, types: [{ projectType: 9, bought: 425, used: 35, remaining: 390 }] });
    expect(balance.history.at(-1)).toMatchObject({ bought: 425, used: 35 });
  });

  it('reads the platform usage again only when the last reading is older than USAGE_FRESH_MS, and at once after usage recorded through the portal', async () => {
    const member = await makeMember(services.deps.db, { domainKey: platformDomainKey.cloudA });
    const finance = await makeStaff(services.deps.db, { permissions: ['points_management'] });
    await callerFor(services.deps, { kind: 'staff', staffId: finance.id }).points.admin.grantBonus({ account: member.email, points: 10, reason: '展場體驗' });
    for (const row of await purchaseDeliveries(member.groupId)) expect(await deliverPlatformDelivery(services.deps, row.id)).toBe('delivered');
    const start = Date.now();
    const balanceAt = async (ms: number) => {
      const deps = { ...services.deps, clock: () => new Date(start + ms) };
      return (await callerFor(deps, { kind: 'member', userId: member.id }).points.balance()).types[0];
    };
    expect(await balanceAt(0)).toMatchObject({ used: 0, remaining: 100 });
    // Used on the platform itself: the portal learns it at its next reading.
    await recordEmulatedUsage(services.deps, { email: member.email, projectType: projectType.mPoint, hours: 2, taskType: 'prediction' });
    expect(await balanceAt(USAGE_FRESH_MS - 1000)).toMatchObject({ used: 0, remaining: 100 });
    expect(await balanceAt(USAGE_FRESH_MS + 1000)).toMatchObject({ used: 20, remaining: 80 });
    await recordPlatformUsage(services.deps, { email: member.email, projectType: projectType.mPoint, hours: 1, taskType: 'training' });
    expect(await balanceAt(USAGE_FRESH_MS + 2000)).toMatchObject({ used: 30, remaining: 70 });
  });

  it('mails the low-balance alert when usage recorded through the portal takes the account under the threshold', async () => {
    const member = await makeMember(services.deps.db, { domainKey: platformDomainKey.cloudA });
    const finance = await makeStaff(services.deps.db, { permissions: ['points_management'] });
    await callerFor(services.deps, { kind: 'staff', staffId: finance.id }).points.admin.grantBonus({ account: member.email, points: 10, reason: '展場體驗' });
    for (const row of await purchaseDeliveries(member.groupId)) expect(await deliverPlatformDelivery(services.deps, row.id)).toBe('delivered');
    await callerFor(services.deps, { kind: 'member', userId: member.id }).points.setLowBalanceAlert({ threshold: 8 });
    const alertMails = () => mailsTo(services.deps.db, member.email, 'points.lowBalance');

    await recordPlatformUsage(services.deps, { email: member.email, projectType: projectType.mPoint, hours: 1, taskType: 'training' });
    expect(await alertMails()).toHaveLength(0);
    await recordPlatformUsage(services.deps, { email: member.email, projectType: projectType.mPoint, hours: 2, taskType: 'training' });
    expect(await alertMails()).toHaveLength(1);
    expect((await alertMails())[0]!.body).toContain('7.0');
    await recordPlatformUsage(services.deps, { email: member.email, projectType: projectType.mPoint, hours: 1, taskType: 'prediction' });
    expect(await alertMails()).toHaveLength(1);
  });

  it('reads the platform once per USAGE_FRESH_MS also for an account it does not list yet (its points not delivered, or none)', async () => {
    const platform = await startScriptedPlatform(() => ({ status: 200, body: JSON.stringify({ type: 0, data: [] }) }));
    try {
      const connector = createPlatformConnector({ mode: 'remote', domains: allDomainsAt(platform.url), key: EMULATOR_KEY, timeoutMs: 1000, readRetries: 0, log: silentLog });
      const withPoints = await makeMember(services.deps.db, { domainKey: platformDomainKey.cloudA });
      await givePoints(services.deps.db, withPoints.groupId, 10);
      const withNone = await makeMember(services.deps.db, { domainKey: platformDomainKey.cloudA });
      const start = Date.now();
      const balanceAt = async (userId: string, ms: number) => {
        const deps = { ...services.deps, platform: connector, clock: () => new Date(start + ms) };
        return (await callerFor(deps, { kind: 'member', userId }).points.balance()).types[0];
      };
      const reads = () => platform.hits.get('/scapi/v1/ai/group-buy-and-usage') ?? 0;
      expect(await balanceAt(withPoints.id, 0)).toMatchObject({ bought: 100, used: 0, remaining: 100 });
      expect(await balanceAt(withNone.id, 0)).toMatchObject({ bought: 0, used: 0, remaining: 0 });
      expect(reads()).toBe(2);
      expect(await balanceAt(withPoints.id, 1000)).toMatchObject({ bought: 100, used: 0, remaining: 100 });
      expect(await balanceAt(withNone.id, USAGE_FRESH_MS - 1000)).toMatchObject({ bought: 0, used: 0, remaining: 0 });
      expect(reads()).toBe(2);
      await balanceAt(withPoints.id, USAGE_FRESH_MS + 1000);
      await balanceAt(withNone.id, USAGE_FRESH_MS + 1000);
      expect(reads()).toBe(4);
    } finally {
      await platform.close();
    }
  });

  it('opens the platform account of a group never enabled on a platform at its first credit, so that the points reach the platform', async () => {
    const member = await makeMember(services.deps.db);
    // Two orders enabled at once: the account is opened once.
    await Promise.all([10, 5].map((points) => services.deps.db.transaction((tx) => givePoints(tx, member.groupId, points))));
    const [group] = await services.deps.db.select().from(groups).where(eq(groups.id, member.groupId));
    expect(group!.domainKey).toBe(PAID_ACCOUNT_DOMAIN);
    const created = (await services.deps.db.select().from(platformDeliveries).where(eq(platformDeliveries.call, 'user-create'))).filter((row) => (row.payload as { groupId: string }).groupId === member.groupId);
    expect(created.map((row) => [row.domainKey, (row.payload as { userId: string }).userId])).toEqual([[PAID_ACCOUNT_DOMAIN, member.email]]);
    const credits = await purchaseDeliveries(member.groupId);
    expect(credits.map((row) => [row.domainKey, (row.payload as { purPointTenths: number }).purPointTenths]).sort()).toEqual([
      [PAID_ACCOUNT_DOMAIN, 100],
      [PAID_ACCOUNT_DOMAIN, 50],
    ]);
    // Delivered (an account's credits go in the order they were written), the platform has its 15 points.
    for (const row of [...created, ...credits]) await deliverPlatformDelivery(services.deps, row.id);
    const sent = await services.deps.db.select().from(platformDeliveries).where(inArray(platformDeliveries.id, [...created, ...credits].map((row) => row.id)));
    expect(sent.map((row) => row.status)).toEqual(['delivered', 'delivered', 'delivered']);
    expect((await callerFor(services.deps, { kind: 'member', userId: member.id }).points.balance()).types[0]).toMatchObject({ bought: 150, remaining: 150 });
    const [line] = await services.deps.platform.groupBuyAndUsage(PAID_ACCOUNT_DOMAIN, { groupId: member.groupId });
    expect(line).toMatchObject({ projectType: 9, buyTenths: 150 });
  });

  it("shows zeros and says so when the platform cannot be read (a scripted platform answering 503)", async () => {
    const down = await startScriptedPlatform(() => ({ status: 503, body: 'maintenance' }));
    try {
      const connector = createPlatformConnector({ mode: 'remote', domains: allDomainsAt(down.url), key: EMULATOR_KEY, timeoutMs: 1000, readRetries: 1, log: silentLog });
      const deps = { ...services.deps, platform: connector };
      const member = await makeMember(services.deps.db, { domainKey: platformDomainKey.cloudA });
      await givePoints(services.deps.db, member.groupId, 10);
      const balance = await callerFor(deps, { kind: 'member', userId: member.id }).points.balance();
      expect(balance).toMatchObject({ retrieved: false, types: [{ projectType: 9, bought: 0, used: 0, remaining: 0 }], history: [] });
      expect(down.hits.get('/scapi/v1/ai/group-buy-and-usage')).toBeGreaterThanOrEqual(1);
    } finally {
      await down.close();
    }
  });
});
