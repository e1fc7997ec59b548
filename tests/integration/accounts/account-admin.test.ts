import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, groups, platformDeliveries, users } from '../../../src/server/db/schema';
import { memoryCookieJar } from '../../../src/server/http/cookies';
import { PAID_ACCOUNT_DOMAIN } from '../../../src/server/modules/accounts/platform-account.service';
import { groupStatus, userStatus } from '../../../src/shared/accounts';
import { platformDomainKey } from '../../../src/shared/platform';
import { USAGE_FRESH_MS } from '../../../src/server/modules/points/balance.service';
import { sweepPlatformDeliveries } from '../../../src/server/modules/platform/platform-deliveries.service';
import { recordUsage as recordEmulatedUsage } from '../../../src/server/platform-emulator/store';
import { makeMember } from '../../factories/members';
import { givePoints } from '../../factories/points';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { mailsTo } from '../../fixtures/mails';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
let clerk: Awaited<ReturnType<typeof makeStaff>>;
let asClerk: ReturnType<typeof callerFor>;
beforeAll(async () => {
  services = await openTestServices();
  clerk = await makeStaff(services.deps.db, { permissions: ['activate_account'] });
  asClerk = callerFor(services.deps, { kind: 'staff', staffId: clerk.id }, 'zh-TW', { ip: '198.51.100.7' });
});
afterAll(() => services?.close());

const auditFor = (target: string) => services.deps.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(auditLog.id);
const groupRow = async (id: string) => (await services.deps.db.select().from(groups).where(eq(groups.id, id)))[0]!;
const userRow = async (id: string) => (await services.deps.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('search and the group page', () => {
  it('finds groups by id or company and users by e-mail or name, and shows a group with its users, teams, orders and balances', async () => {
    const member = await makeMember(services.deps.db, { email: 'chen.yt@taichung-molding.example' });
    const found = await asClerk.accounts.admin.search({ query: 'taichung-molding' });
    expect(found.users).toEqual([expect.objectContaining({ email: 'chen.yt@taichung-molding.example', groupId: member.groupId, isGroupAdmin: true })]);
    expect((await asClerk.accounts.admin.search({ query: member.groupId.toLowerCase() })).groups).toEqual([expect.objectContaining({ id: member.groupId, adminEmail: member.email, status: 0 })]);
    expect(await asClerk.accounts.admin.search({ query: 'no such company 100%_' })).toEqual({ groups: [], users: [] });

    const page = await asClerk.accounts.admin.group({ groupId: member.groupId });
    expect(page.group).toMatchObject({ id: member.groupId, adminEmail: member.email, status: 0 });
    expect(page.users.map((user) => user.email)).toEqual([member.email]);
    expect(page).toMatchObject({ teams: [], orders: [] });
    expect(page.balance.types.find((type) => type.projectType === 9)).toMatchObject({ bought: 0, remaining: 0 });
    expect(await failure(asClerk.accounts.admin.group({ groupId: 'ZZZZZZZZZZZZZZ' }))).toMatchObject({ code: 'NotFound' });
    expect(await failure(asClerk.accounts.admin.group({ groupId: 'bad id' }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { groupId: ['validation.invalid'] } });
    expect(await failure(asClerk.accounts.admin.search({ query: 'x' }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { query: ['validation.required'] } });
  });

  it("shows the group's balance with its usage as the platform has it, as the member's page does", async () => {
    const member = await makeMember(services.deps.db, { domainKey: platformDomainKey.cloudA });
    await givePoints(services.deps.db, member.groupId, 50);
    await sweepPlatformDeliveries(services.deps);
    expect((await asClerk.accounts.admin.group({ groupId: member.groupId })).balance.types.find((type) => type.projectType === 9)).toMatchObject({ bought: 500, used: 0, remaining: 500 });
    // The account trains for 10 hours on the platform; staff look again half a minute later.
    await recordEmulatedUsage(services.deps.db, { ownerId: member.groupId, projectType: 9, hours: 10, taskType: 'training', by: member.email, at: new Date() });
    const later = callerFor({ ...services.deps, clock: () => new Date(Date.now() + USAGE_FRESH_MS + 1000) }, { kind: 'staff', staffId: clerk.id });
    const page = await later.accounts.admin.group({ groupId: member.groupId });
    expect(page.balance).toMatchObject({ retrieved: true });
    expect(page.balance.types.find((type) => type.projectType === 9)).toMatchObject({ bought: 500, used: 100, remaining: 400 });
  });
});

describe('activation', () => {
  it('activates a pending member, mails them, and audits it in the same transaction', async () => {
    const member = await makeMember(services.deps.db, { status: userStatus.pending });
    expect(await asClerk.accounts.admin.activate({ userId: member.id })).toEqual({ email: member.email, alreadyActive: false });
    expect((await userRow(member.id)).status).toBe(userStatus.active);
    expect(await mailsTo(services.deps.db, member.email, 'account.activated')).toHaveLength(1);
    expect(await auditFor(`user:${member.email}`)).toEqual([expect.objectContaining({ action: 'user.activate', staffEmail: clerk.email, address: '198.51.100.7', before: { status: 0 }, after: { status: 1 } })]);
  });
});

describe('activation at the same moment', () => {
  it('sends one mail and writes one audit row when two staff activate one member together', async () => {
    const member = await makeMember(services.deps.db, { status: userStatus.pending });
    const other = callerFor(services.deps, { kind: 'staff', staffId: (await makeStaff(services.deps.db, { permissions: ['activate_account'] })).id });
    const results = await Promise.all([asClerk.accounts.admin.activate({ userId: member.id }), other.accounts.admin.activate({ userId: member.id })]);
    expect(results.map((result) => result.alreadyActive).sort()).toEqual([false, true]);
    expect(await mailsTo(services.deps.db, member.email, 'account.activated')).toHaveLength(1);
    expect(await auditFor(`user:${member.email}`)).toHaveLength(1);
  });
});

describe('enable as trial (group 0 → 2)', () => {
  it('sets every field the spec lists, activates the administrator and queues their platform user', async () => {
    const member = await makeMember(services.deps.db, { status: userStatus.pending });
    const before = Date.now();
    const group = await asClerk.accounts.admin.enableTrial({ groupId: member.groupId, domainKey: 'trial-public', isAgent: true, defaultProjectType: 2 });
    expect(group).toMatchObject({ status: groupStatus.trial, domainKey: 'trial-public', isAgent: true, defaultProjectType: 2, memberClass: 'normal', classAccConsumption: 0 });
    const from = group.classEffectiveFrom!;
    expect(from.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const expiry = new Date(from);
    expiry.setUTCMonth(expiry.getUTCMonth() + 12);
    expect(group.classExpireDate).toEqual(expiry);
    expect(await userRow(member.id)).toMatchObject({ status: userStatus.active, platformUserId: member.email });
    const deliveries = await services.deps.db.select().from(platformDeliveries).where(eq(platformDeliveries.subject, member.email));
    expect(deliveries).toEqual([expect.objectContaining({ call: 'user-create', domainKey: 'trial-public' })]);
    expect(deliveries[0]!.payload).toMatchObject({ groupId: member.groupId, userId: member.email, createBy: clerk.email });
    expect(await auditFor(`group:${member.groupId}`)).toEqual([expect.objectContaining({ action: 'group.enableTrial', before: expect.objectContaining({ status: 0 }), after: expect.objectContaining({ status: 2 }) })]);

    // Only a group not yet activated; a second attempt changes nothing.
    expect(await failure(asClerk.accounts.admin.enableTrial({ groupId: member.groupId, domainKey: 'trial-public', defaultProjectType: 2 }))).toMatchObject({ code: 'OperationError', params: { reason: 'groupNotAwaitingTrial' } });
    expect(await services.deps.db.select().from(platformDeliveries).where(eq(platformDeliveries.subject, member.email))).toHaveLength(1);
  });

  it('refuses an unknown domain or project type with field errors and changes nothing', async () => {
    const member = await makeMember(services.deps.db, { status: userStatus.pending });
    expect(await failure(asClerk.accounts.admin.enableTrial({ groupId: member.groupId, domainKey: 'mars' as never, defaultProjectType: 7 }))).toMatchObject({
      code: 'InvalidInput',
      fieldErrors: { domainKey: ['validation.invalid'], defaultProjectType: ['validation.invalid'] },
    });
    expect((await groupRow(member.groupId)).status).toBe(groupStatus.notActivated);
  });
});

describe('enable as trial a group credited before (its platform account open already)', () => {
  /** A group not yet activated whose administrator was granted bonus points: its platform account opened on PAID_ACCOUNT_DOMAIN. */
  async function creditedBeforeTrial() {
    const member = await makeMember(services.deps.db, { status: userStatus.pending });
    const finance = await makeStaff(services.deps.db, { permissions: ['points_management'] });
    await callerFor(services.deps, { kind: 'staff', staffId: finance.id }).points.admin.grantBonus({ account: member.email, points: 10, reason: '展場體驗' });
    expect(await groupRow(member.groupId)).toMatchObject({ status: groupStatus.notActivated, domainKey: PAID_ACCOUNT_DOMAIN });
    return member;
  }
  const deliveriesOf = (member: { email: string; groupId: string }) =>
    services.deps.db.select().from(platformDeliveries).where(inArray(platformDeliveries.subject, [member.email, member.groupId])).orderBy(platformDeliveries.createdAt, platformDeliveries.id);

  it('enables it on the domain it has, without a second platform user for its administrator', async () => {
    const member = await creditedBeforeTrial();
    const credited = await deliveriesOf(member);
    expect(credited.filter((row) => row.call === 'user-create')).toEqual([expect.objectContaining({ subject: member.email, domainKey: PAID_ACCOUNT_DOMAIN })]);

    const group = await asClerk.accounts.admin.enableTrial({ groupId: member.groupId, domainKey: PAID_ACCOUNT_DOMAIN, defaultProjectType: 9 });
    expect(group).toMatchObject({ status: groupStatus.trial, domainKey: PAID_ACCOUNT_DOMAIN, memberClass: 'normal' });
    expect(await groupRow(member.groupId)).toMatchObject({ status: groupStatus.trial, domainKey: PAID_ACCOUNT_DOMAIN });
    expect(await userRow(member.id)).toMatchObject({ status: userStatus.active, platformUserId: member.email });
    expect((await deliveriesOf(member)).map((row) => row.id)).toEqual(credited.map((row) => row.id));
    expect(await auditFor(`group:${member.groupId}`)).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'group.enableTrial', after: expect.objectContaining({ status: 2, domainKey: PAID_ACCOUNT_DOMAIN }) })]));
  });

  it('refuses another domain, naming the one it has, and changes nothing', async () => {
    const member = await creditedBeforeTrial();
    const credited = await deliveriesOf(member);
    for (const domainKey of [platformDomainKey.publicTrial, platformDomainKey.cloudB]) {
      expect(await failure(asClerk.accounts.admin.enableTrial({ groupId: member.groupId, domainKey, defaultProjectType: 9 }))).toMatchObject({
        code: 'OperationError',
        params: { reason: 'groupDomainFixed', domainKey: PAID_ACCOUNT_DOMAIN },
      });
    }
    expect(await groupRow(member.groupId)).toMatchObject({ status: groupStatus.notActivated, domainKey: PAID_ACCOUNT_DOMAIN, memberClass: null });
    expect((await userRow(member.id)).status).toBe(userStatus.pending);
    expect((await deliveriesOf(member)).map((row) => row.id)).toEqual(credited.map((row) => row.id));
    expect((await auditFor(`group:${member.groupId}`)).map((row) => row.action)).not.toContain('group.enableTrial');
  });
});

describe('disable and enable a member', () => {
  it('signs a disabled member out at once, refuses their sign-in, and lets them back after enabling', async () => {
    const member = await makeMember(services.deps.db);
    const cookies = memoryCookieJar();
    const asMember = callerFor(services.deps, { kind: 'visitor' }, 'zh-TW', { cookies });
    await asMember.auth.signIn({ email: member.email, password: member.password });
    const memberCaller = callerFor(services.deps, { kind: 'member', userId: member.id });
    await memberCaller.accounts.profile();

    expect(await asClerk.accounts.admin.disableUser({ userId: member.id })).toMatchObject({ email: member.email, disabled: true });
    expect((await callerFor(services.deps, { kind: 'visitor' }, 'zh-TW', { cookies }).auth.session()).member).toBeNull();
    expect(await failure(memberCaller.accounts.profile())).toMatchObject({ code: 'Unauthorized', params: { reason: 'accountDisabled' } });
    expect(await failure(callerFor(services.deps).auth.signIn({ email: member.email, password: member.password }))).toMatchObject({ code: 'Unauthorized', params: { reason: 'accountDisabled' } });

    expect(await asClerk.accounts.admin.enableUser({ userId: member.id })).toMatchObject({ disabled: false });
    await callerFor(services.deps).auth.signIn({ email: member.email, password: member.password });
    expect((await auditFor(`user:${member.email}`)).map((row) => row.action)).toEqual(['user.disable', 'user.enable']);
  });
});

describe('membership classes', () => {
  it('upgrades, renews, downgrades and resets, each recorded for the member and in the audit log', async () => {
    const member = await makeMember(services.deps.db, { status: userStatus.pending });
    expect(await failure(asClerk.accounts.admin.changeClass({ groupId: member.groupId, action: 'upgrade' }))).toMatchObject({ params: { reason: 'groupNotActivated' } });
    await asClerk.accounts.admin.enableTrial({ groupId: member.groupId, domainKey: 'trial-public', defaultProjectType: 2 });
    await services.deps.db.update(groups).set({ classAccConsumption: 1234 }).where(eq(groups.id, member.groupId));

    expect(await failure(asClerk.accounts.admin.changeClass({ groupId: member.groupId, action: 'downgrade' }))).toMatchObject({ params: { reason: 'classAtBottom' } });
    expect(await asClerk.accounts.admin.changeClass({ groupId: member.groupId, action: 'upgrade' })).toMatchObject({ fromClass: 'normal', toClass: 'advanced' });
    expect(await groupRow(member.groupId)).toMatchObject({ memberClass: 'advanced', classAccConsumption: 0 });
    const expiry = (await groupRow(member.groupId)).classExpireDate!;
    const renewed = await asClerk.accounts.admin.changeClass({ groupId: member.groupId, action: 'renew' });
    const expected = new Date(expiry);
    expected.setUTCMonth(expected.getUTCMonth() + 12);
    expect(renewed).toMatchObject({ fromClass: 'advanced', toClass: 'advanced', fromExpireDate: expiry, toExpireDate: expected });
    await asClerk.accounts.admin.changeClass({ groupId: member.groupId, action: 'upgrade' });
    expect(await failure(asClerk.accounts.admin.changeClass({ groupId: member.groupId, action: 'upgrade' }))).toMatchObject({ params: { reason: 'classAtTop' } });
    expect(await asClerk.accounts.admin.changeClass({ groupId: member.groupId, action: 'downgrade' })).toMatchObject({ fromClass: 'premium', toClass: 'advanced' });
    expect(await asClerk.accounts.admin.changeClass({ groupId: member.groupId, action: 'reset' })).toMatchObject({ fromClass: 'advanced', toClass: 'normal' });

    const mine = await callerFor(services.deps, { kind: 'member', userId: member.id }).accounts.classChanges();
    expect(mine.items.map((item) => item.action)).toEqual(['reset', 'downgrade', 'upgrade', 'renew', 'upgrade']);
    expect((await auditFor(`group:${member.groupId}`)).filter((row) => row.action === 'group.classChange')).toHaveLength(5);
    expect(await failure(asClerk.accounts.admin.changeClass({ groupId: member.groupId, action: 'promote' as never }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { action: ['validation.invalid'] } });
  });
});
