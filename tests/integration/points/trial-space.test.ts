import { and, eq } from 'drizzle-orm';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../../src/server/deps';
import { groups, platformAccounts, platformDeliveries, pointPackages } from '../../../src/server/db/schema';
import { createHttpApp } from '../../../src/server/http/app';
import { sweepPlatformDeliveries } from '../../../src/server/modules/platform/platform-deliveries.service';
import type { PlatformConnector } from '../../../src/server/modules/platform/platform.connector';
import { findUser } from '../../../src/server/platform-emulator/store';
import { platformDomainKey } from '../../../src/shared/platform';
import { makeMember } from '../../factories/members';
import { makeStaff } from '../../factories/staff';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

/**
 * Trial points land where the trial space opens (spec section 4 'Trial platform', section 7): staff
 * approve, the member opens '(trial)', and the platform account they are signed into, on the
 * platform the link was made for, holds the trial points.
 */
let services: TestServices;
let deps: Deps;
let server: Server;
let portal: string;
/** The domain_key of each 'use platform' link the portal made. */
const linkDomains: Array<string | null> = [];

beforeAll(async () => {
  services = await openTestServices();
  const connector = services.deps.platform;
  const platform: PlatformConnector = { ...connector, loginUrl: (domainKey, ticket, now) => (linkDomains.push(domainKey), connector.loginUrl(domainKey, ticket, now)) };
  deps = { ...services.deps, platform };
  await deps.db
    .insert(pointPackages)
    .values({ names: { 'zh-TW': '免費試用 2 點', en: 'Free trial, 2 points', 'zh-CN': '免费试用 2 点', ja: '無料トライアル 2 ポイント' }, pointsTenths: 20, priceMinor: 0, projectType: 9, type: 'trial', status: 1 })
    .onConflictDoNothing();
  server = createHttpApp(deps, { ready: true }, { development: false, platformEmulatorKey: services.platform.emulatorKey }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  portal = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server?.close();
  await services?.close();
});

const asMember = (userId: string) => callerFor(deps, { kind: 'member', userId });

/** Applies, is approved, and the outbox is delivered; then opens '(trial)' and follows the link. */
async function approveThenOpenTrial(member: { id: string }) {
  const reviewer = await makeStaff(deps.db, { permissions: ['apply_points'] });
  const application = await asMember(member.id).points.applyForTrial({ reason: '鏡頭外殼 AOI 試用' });
  await callerFor(deps, { kind: 'staff', staffId: reviewer.id }).points.admin.approveTrial({ id: application.id });
  await sweepPlatformDeliveries(deps);
  linkDomains.length = 0;
  const { url } = await asMember(member.id).platform.open({ space: 'trial' });
  const response = await fetch(url.replace('https://portal.inspectra.example', portal));
  return { status: response.status, text: await response.text(), domainKey: linkDomains[0]! };
}

describe('the trial space opens the account the trial points were granted to', () => {
  for (const [label, domainKey, expected] of [
    ['an enterprise account already on cloud A', platformDomainKey.cloudA, platformDomainKey.cloudA],
    ['an enterprise account with no platform yet', undefined, platformDomainKey.publicTrial],
  ] as const) {
    it(`for ${label}`, async () => {
      const member = await makeMember(deps.db, { domainKey });
      const page = await approveThenOpenTrial(member);
      expect(page.status).toBe(200);
      expect(page.text).toContain(`Platform account trial-${member.id}`);
      expect(page.text).toContain(`Space: enterprise account ${member.groupId}`);

      // The link is for the platform the trial points were sent to, the enterprise account's own.
      expect(page.domainKey).toBe(expected);
      const [group] = await deps.db.select().from(groups).where(eq(groups.id, member.groupId));
      expect(group!.domainKey).toBe(expected);
      const [grant] = await deps.db.select().from(platformDeliveries).where(and(eq(platformDeliveries.subject, member.groupId), eq(platformDeliveries.call, 'purchase-record')));
      expect(grant).toMatchObject({ domainKey: expected, status: 'delivered' });
      const [account] = await deps.db.select().from(platformAccounts).where(and(eq(platformAccounts.userId, member.id), eq(platformAccounts.space, 'trial')));
      expect(account).toMatchObject({ accountId: `trial-${member.id}`, domainKey: expected });

      // On the platform: the account signed into was made for the trial points, and its enterprise account holds them.
      const signedIn = await findUser(deps.db, `trial-${member.id}`);
      expect(signedIn).toMatchObject({ groupId: member.groupId, trialPointType: 9, isTeam: false });
      const figures = await deps.platform.groupBuyAndUsage(page.domainKey, { groupId: signedIn!.groupId });
      expect(figures).toEqual([expect.objectContaining({ projectType: 9, buyTenths: 20, usedTenths: 0 })]);
      // The portal shows the same 2 points; no second account was made for the trial on approval.
      expect((await asMember(member.id).points.balance()).types[0]!.remaining).toBe(20);
      const creations = await deps.db.select().from(platformDeliveries).where(eq(platformDeliveries.call, 'user-create'));
      expect(creations.filter((row) => (row.payload as { groupId: string }).groupId === member.groupId).map((row) => row.subject)).toEqual([`trial-${member.id}`]);
    });
  }
});
