import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformDeliveries } from '../../../src/server/db/schema';
import { enqueuePlatformDelivery, readBuyAndUsage } from '../../../src/server/modules/platform/platform.service';
import { isRemit, platformDomainKey } from '../../../src/shared/platform';
import { makeMember } from '../../factories/members';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

/** Issue 9 part 5: the back office's deliveries screen (platform.admin.*), staff with points_management. */
let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

describe('platform deliveries in the back office', () => {
  it('lists failed deliveries and retries one once; the platform applies it a single time', async () => {
    const { db } = services.deps;
    const member = await makeMember(db, { domainKey: platformDomainKey.cloudB });
    const input = { groupId: member.groupId, purPointTenths: 35, purTime: new Date(), purBy: 'finance', isRemit: isRemit.paid, projectType: 9 };
    const { id } = await db.transaction((tx) => enqueuePlatformDelivery(tx, { call: 'purchase-record', domainKey: platformDomainKey.cloudB, input }, new Date()));
    await db.update(platformDeliveries).set({ status: 'failed', attempts: 6, lastError: 'purchase-record: network: ETIMEDOUT' }).where(eq(platformDeliveries.id, id));
    const finance = await makeStaff(db, { permissions: ['points_management'] });
    const caller = callerFor(services.deps, { kind: 'staff', staffId: finance.id });

    const failed = await caller.platform.admin.deliveries({});
    expect(failed.emulated).toBe(true);
    expect(failed.items).toEqual([expect.objectContaining({ id, status: 'failed', attempts: 6, lastError: 'purchase-record: network: ETIMEDOUT' })]);
    expect(await caller.platform.admin.retry({ id })).toMatchObject({ outcome: 'delivered', delivery: { id, status: 'delivered' } });
    expect(await failure(caller.platform.admin.retry({ id }))).toMatchObject({ code: 'OperationError', params: { reason: 'deliveryNotFailed' } });
    expect(await readBuyAndUsage(services.deps, platformDomainKey.cloudB, member.groupId)).toEqual([{ projectType: 9, buyTenths: 35, usedTenths: 0 }]);
    expect((await caller.platform.admin.deliveries({})).items).toEqual([]);
    expect((await caller.platform.admin.deliveries({ failedOnly: false })).items.map((row) => row.id)).toContain(id);
    expect(await failure(caller.platform.admin.retry({ id: 'not-a-uuid' }))).toMatchObject({ code: 'InvalidInput' });
  });

  it('is refused to visitors, members and staff without points_management', async () => {
    const member = await makeMember(services.deps.db);
    const other = await makeStaff(services.deps.db, { permissions: ['apply_points', 'customer_service'] });
    for (const caller of [callerFor(services.deps), callerFor(services.deps, { kind: 'member', userId: member.id }), callerFor(services.deps, { kind: 'staff', staffId: other.id })]) {
      expect((await failure(caller.platform.admin.deliveries({}))).code).toMatch(/MissingAuthentication|Unauthorized/);
      expect((await failure(caller.platform.admin.retry({ id: '00000000-0000-4000-8000-000000000000' }))).code).toMatch(/MissingAuthentication|Unauthorized/);
    }
  });
});
