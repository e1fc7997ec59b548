import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { groups, mailOutbox } from '../../../src/server/db/schema';
import { checkLowBalances, USAGE_FRESH_MS } from '../../../src/server/modules/points/balance.service';
import { sweepPlatformDeliveries } from '../../../src/server/modules/platform/platform-deliveries.service';
import { recordUsage as recordEmulatedUsage } from '../../../src/server/platform-emulator/store';
import { platformDomainKey } from '../../../src/shared/platform';
import { makeMember } from '../../factories/members';
import { givePoints } from '../../factories/points';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

/** Issue 9 part 9: a crossing caused by work on the platform is noticed with nobody on the portal. */
let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

async function paidMember(points: number) {
  const member = await makeMember(services.deps.db);
  await services.deps.db.update(groups).set({ domainKey: platformDomainKey.cloudA }).where(eq(groups.id, member.groupId));
  await givePoints(services.deps.db, member.groupId, points);
  await sweepPlatformDeliveries(services.deps);
  return member;
}

it('mails the administrator and shows the banner when usage on the platform crosses the threshold, with no page opened', async () => {
  const watched = await paidMember(10);
  const unwatched = await paidMember(10);
  const caller = callerFor(services.deps, { kind: 'member', userId: watched.id });
  await caller.points.setLowBalanceAlert({ threshold: 8 });
  expect((await caller.points.balance()).lowBalance).toEqual({ threshold: 80, below: false });
  const start = Date.now();
  // Both accounts train for 5 hours on the platform; nobody opens the portal.
  for (const member of [watched, unwatched]) {
    await recordEmulatedUsage(services.deps.db, { ownerId: member.groupId, projectType: 9, hours: 5, taskType: 'training', by: member.email, at: new Date(start) });
  }
  const alertMails = async () => (await services.deps.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, watched.email))).filter((mail) => mail.kind === 'points.lowBalance');
  const later = { ...services.deps, clock: () => new Date(start + USAGE_FRESH_MS + 1000) };

  expect(await checkLowBalances(later)).toEqual({ checked: 1, failed: 0 });
  expect(await alertMails()).toHaveLength(1);
  expect((await alertMails())[0]!.body).toContain('5.0');
  expect(await callerFor(later, { kind: 'member', userId: watched.id }).points.lowBalance()).toEqual({ threshold: 80, below: true });
  // Once per crossing: the next run mails nothing more.
  await checkLowBalances({ ...services.deps, clock: () => new Date(start + 2 * USAGE_FRESH_MS + 2000) });
  expect(await alertMails()).toHaveLength(1);
});
