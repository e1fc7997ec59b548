import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { platformDeliveries, staff, users } from '../../../src/server/db/schema';
import { readBuyAndUsage } from '../../../src/server/modules/platform/platform.service';
import { deliverPlatformDelivery, sweepPlatformDeliveries } from '../../../src/server/modules/platform/platform-deliveries.service';
import { recordedUsageDaysOf } from '../../../src/server/modules/points/ledger.service';
import { mirrorUsageIntoEmulator } from '../../../src/server/platform-emulator/demo-mirror';
import { memoryCookieJar } from '../../../src/server/http/cookies';
import { hasStaff } from '../../../src/server/modules/staff/staff.service';
import { closeDemoSignIns, demoMember, demoStaff, seedDemoData } from '../../../src/server/seed';
import { totpCode } from '../../../src/server/modules/auth/totp';
import { makeMember } from '../../factories/members';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';
import { readBusinessCard } from '../../../src/server/modules/accounts/accounts.service';

let services: TestServices;
afterAll(() => services?.close());
beforeAll(async () => {
  services = await openTestServices();
});

describe('demo data', () => {
  it('is added in one transaction: a failure part-way leaves no demo staff behind', async () => {
    // The demo member's address is taken, so the seed fails after the demo staff were written.
    const taken = await makeMember(services.deps.db, { email: demoMember.email });
    await expect(seedDemoData(services.deps)).rejects.toThrow();
    expect(await hasStaff(services.deps.db)).toBe(false);
    await services.deps.db.delete(users).where(eq(users.id, taken.id));
  });

  it('includes a member who can sign in with the documented password, once', async () => {
    expect(await seedDemoData(services.deps)).toBe(true);
    expect(await seedDemoData(services.deps)).toBe(false);
    const caller = callerFor(services.deps, undefined, undefined, { cookies: memoryCookieJar() });
    await expect(caller.auth.signIn({ email: demoMember.email, password: demoMember.password })).resolves.toMatchObject({ status: 'signedIn', pendingSteps: [] });
    const [user] = await services.deps.db.select().from(users).where(eq(users.email, demoMember.email));
    const member = callerFor(services.deps, { kind: 'member', userId: user!.id });
    const teams = await member.teams.mine();
    expect(teams).toMatchObject({ owned: 1, limit: 2, groupPaid: true, mayCreate: true, teams: [{ name: 'AOI 外觀檢測小組', auth: 0, memberCount: 3 }] });
    // A complete profile, business card included: Buy points issues a quotation at once.
    expect(await member.accounts.profile()).toMatchObject({ businessCardUploaded: true, missing: [] });
    await expect(readBusinessCard(services.deps, user!.id)).resolves.toMatchObject({ contentType: 'image/png' });
  });

  it('includes staff who sign in with the documented password and an authenticator on the documented secret', async () => {
    for (const member of demoStaff) {
      const caller = callerFor(services.deps, undefined, undefined, { cookies: memoryCookieJar() });
      await expect(caller.staff.signIn({ email: member.email, password: member.password })).resolves.toEqual({ status: 'totpRequired' });
      const signedIn = caller.staff.signIn({ email: member.email, password: member.password, totpCode: totpCode(member.totpSecret, new Date()) });
      await expect(signedIn).resolves.toMatchObject({ status: 'signedIn', staff: { email: member.email, super: member.super } });
    }
  });

  it('fills the back office: a second and third staff member, a disabled member, a class change and its audit rows', async () => {
    const [admin] = await services.deps.db.select().from(staff).where(eq(staff.email, 'admin@inspectra.example'));
    const asAdmin = callerFor(services.deps, { kind: 'staff', staffId: admin!.id });
    expect((await asAdmin.staff.admin.list()).items.map((item) => item.email).sort()).toEqual(['accounts@inspectra.example', 'admin@inspectra.example', 'service@inspectra.example']);
    expect((await asAdmin.audit.admin.search({})).items.map((item) => item.action)).toEqual(['group.classChange', 'user.disable', 'staff.create']);
    expect((await asAdmin.accounts.admin.search({ query: 'northbay' })).users).toEqual([expect.objectContaining({ disabled: true })]);
    const [user] = await services.deps.db.select().from(users).where(eq(users.email, demoMember.email));
    expect((await callerFor(services.deps, { kind: 'member', userId: user!.id }).accounts.classChanges()).items).toEqual([expect.objectContaining({ action: 'upgrade', toClass: 'advanced' })]);
  });

  it("queues the demo account's credits and transfers for the platform; delivered to the emulator with its usage, the two agree and a demo transfer is delivered", async () => {
    const [user] = await services.deps.db.select().from(users).where(eq(users.email, demoMember.email));
    const queued = await services.deps.db.select().from(platformDeliveries).where(eq(platformDeliveries.sequenceKey, user!.groupId)).orderBy(asc(platformDeliveries.createdAt));
    // Oldest first: the trial, the first order with its bonus, the second order, then 30 to the team and 8 to the station.
    expect(queued.map((delivery) => [delivery.call, delivery.status])).toEqual([
      ...Array.from({ length: 4 }, () => ['purchase-record', 'pending']),
      ['point-transfer', 'pending'],
      ['point-transfer', 'pending'],
    ]);
    expect(await readBuyAndUsage(services.deps, 'cloud-a', user!.groupId)).toEqual([]);

    await sweepPlatformDeliveries(services.deps);
    const delivered = await services.deps.db.select().from(platformDeliveries).where(eq(platformDeliveries.sequenceKey, user!.groupId));
    expect(delivered.map((delivery) => delivery.status)).toEqual(Array.from({ length: 6 }, () => 'delivered'));
    const usage = await recordedUsageDaysOf(services.deps.db, user!.groupId);
    await mirrorUsageIntoEmulator(services.deps.db, user!.groupId, usage);
    await mirrorUsageIntoEmulator(services.deps.db, user!.groupId, usage);
    const account = await readBuyAndUsage(services.deps, 'cloud-a', user!.groupId);
    // 2 trial + 40 + 5 bonus + 80 bought, 30 to the team and 8 to the station moved out, 78.2 used: the platform and the portal show the same figures.
    expect(account).toEqual([{ projectType: 9, buyTenths: 1270 - 300 - 80, usedTenths: 782 }]);
    const member = callerFor(services.deps, { kind: 'member', userId: user!.id });
    expect((await member.points.balance()).types).toEqual([{ projectType: 9, bought: 1270 - 300 - 80, used: 782, remaining: 1270 - 300 - 80 - 782 }]);
    // The usage records list the jobs the chart adds up: one a reading day, training and prediction in turn, newest first.
    const jobs = await member.points.usage({});
    expect(jobs.items.map((item) => [item.points, item.taskType])).toEqual([
      [127, 'prediction'],
      [245, 'training'],
      [150, 'prediction'],
      [140, 'training'],
      [85, 'prediction'],
      [35, 'training'],
    ]);
    const { teams } = await member.teams.mine();
    expect(await readBuyAndUsage(services.deps, 'cloud-a', teams[0]!.id)).toEqual([{ projectType: 9, buyTenths: 300, usedTenths: 0 }]);

    await member.platform.devices.transfer({ platformId: '5f0c2a7e-93b1-4d6a-8c2e-1a7b9e0d4c31', transferList: [{ projectType: 9, points: 1 }] });
    const [delivery] = await services.deps.db.select().from(platformDeliveries).where(eq(platformDeliveries.status, 'pending'));
    expect(await deliverPlatformDelivery(services.deps, delivery!.id)).toBe('delivered');
    expect(await readBuyAndUsage(services.deps, 'cloud-a', '5f0c2a7e-93b1-4d6a-8c2e-1a7b9e0d4c31')).toEqual([{ projectType: 9, buyTenths: 90, usedTenths: 0 }]);
  });
});

describe('a deployment started on a database with the demo data', () => {
  it('disables every account that signs in with the published password, and no other', async () => {
    const real = await makeMember(services.deps.db);
    const closed = await closeDemoSignIns(services.deps);
    expect(closed).toEqual(expect.arrayContaining([...demoStaff.map((member) => member.email), demoMember.email, 'k.tanaka@kasumi-denshi.example']));
    expect(closed).not.toContain(real.email);
    const caller = () => callerFor(services.deps, undefined, undefined, { cookies: memoryCookieJar() });
    expect(await failure(caller().auth.signIn({ email: demoMember.email, password: demoMember.password }))).toMatchObject({ code: 'Unauthorized', params: { reason: 'accountDisabled' } });
    const admin = demoStaff[0]!;
    expect(await failure(caller().staff.signIn({ email: admin.email, password: admin.password, totpCode: totpCode(admin.totpSecret, new Date()) }))).toMatchObject({ code: 'Unauthorized', params: { reason: 'accountDisabled' } });
    await expect(caller().auth.signIn({ email: real.email, password: real.password })).resolves.toMatchObject({ status: 'signedIn' });
    // Once closed, a second start finds none.
    expect(await closeDemoSignIns(services.deps)).toEqual([]);
  });
});
