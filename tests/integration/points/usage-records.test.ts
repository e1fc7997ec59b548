import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformDeliveries } from '../../../src/server/db/schema';
import { createPlatformConnector } from '../../../src/server/modules/platform/platform.connector';
import { allDomainsAt } from '../../../src/server/modules/platform/platform-domains';
import { deliverPlatformDelivery } from '../../../src/server/modules/platform/platform-deliveries.service';
import { recordEmulatedUsage } from '../../../src/server/modules/platform/platform-usage.service';
import { EMULATOR_KEY } from '../../../src/server/platform-emulator/emulator.server';
import { platformDomainKey } from '../../../src/shared/platform';
import { projectType } from '../../../src/shared/points';
import { makeMember } from '../../factories/members';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { startScriptedPlatform } from '../../fixtures/scripted-platform';
import { callerFor, openTestServices, silentLog, type TestServices } from '../../fixtures/services';

/** Issue 9 part 8: /point-record lists the usage the platform reports (get-point-record). */
let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

/** A member whose account has 20 points on the platform emulator. */
async function fundedMember() {
  const member = await makeMember(services.deps.db, { domainKey: platformDomainKey.cloudA });
  const finance = await makeStaff(services.deps.db, { permissions: ['points_management'] });
  await callerFor(services.deps, { kind: 'staff', staffId: finance.id }).points.admin.grantBonus({ account: member.email, points: 20, reason: 'AOI 導入' });
  const queued = await services.deps.db.select().from(platformDeliveries).where(and(eq(platformDeliveries.subject, member.groupId), eq(platformDeliveries.call, 'purchase-record')));
  for (const row of queued) await deliverPlatformDelivery(services.deps, row.id);
  return member;
}

describe('usage records', () => {
  it('lists the platform usage of the account, newest first, within the date range and a page at a time', async () => {
    const member = await fundedMember();
    const at = (iso: string) => ({ ...services.deps, clock: () => new Date(iso) });
    await recordEmulatedUsage(at('2026-10-05T02:00:00Z'), { email: member.email, projectType: projectType.mPoint, hours: 1.5, taskType: 'training' });
    await recordEmulatedUsage(at('2026-10-20T02:00:00Z'), { email: member.email, projectType: projectType.mPoint, hours: 0.5, taskType: 'prediction' });
    await recordEmulatedUsage(at('2026-11-02T02:00:00Z'), { email: member.email, projectType: projectType.mPoint, hours: 3, taskType: 'training' });
    const caller = callerFor(services.deps, { kind: 'member', userId: member.id });

    const all = await caller.points.usage({});
    expect(all).toMatchObject({ retrieved: true, total: 3 });
    expect(all.items.map((item) => [item.usedAt.toISOString(), item.taskType, item.points, item.projectType])).toEqual([
      ['2026-11-02T02:00:00.000Z', 'training', 30, 9],
      ['2026-10-20T02:00:00.000Z', 'prediction', 5, 9],
      ['2026-10-05T02:00:00.000Z', 'training', 15, 9],
    ]);
    const october = await caller.points.usage({ from: new Date('2026-10-01T00:00:00Z'), to: new Date('2026-11-01T00:00:00Z') });
    expect(october.items.map((item) => item.points)).toEqual([5, 15]);
    const second = await caller.points.usage({ page: 2, pageSize: 2 });
    expect(second).toMatchObject({ total: 3, page: 2 });
    expect(second.items.map((item) => item.points)).toEqual([15]);
    // Another account's usage is not this one's.
    const other = await fundedMember();
    expect((await callerFor(services.deps, { kind: 'member', userId: other.id }).points.usage({})).total).toBe(0);
  });

  it('has none for an account with no platform yet, says so when the platform cannot be read, and refuses a visitor', async () => {
    const newcomer = await makeMember(services.deps.db);
    expect(await callerFor(services.deps, { kind: 'member', userId: newcomer.id }).points.usage({})).toMatchObject({ retrieved: true, total: 0, items: [] });

    const down = await startScriptedPlatform(() => ({ status: 503, body: 'maintenance' }));
    try {
      const connector = createPlatformConnector({ mode: 'remote', domains: allDomainsAt(down.url), key: EMULATOR_KEY, timeoutMs: 1000, readRetries: 0, log: silentLog });
      const member = await makeMember(services.deps.db, { domainKey: platformDomainKey.cloudA });
      const usage = await callerFor({ ...services.deps, platform: connector }, { kind: 'member', userId: member.id }).points.usage({});
      expect(usage).toMatchObject({ retrieved: false, total: 0, items: [] });
      expect(down.hits.get('/scapi/v1/ai/get-point-record')).toBe(1);
    } finally {
      await down.close();
    }
    expect(await failure(callerFor(services.deps).points.usage({}))).toMatchObject({ code: 'MissingAuthentication' });
  });
});
