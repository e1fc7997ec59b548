import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, staff, users } from '../../../src/server/db/schema';
import { PAID_ACCOUNT_DOMAIN } from '../../../src/server/modules/accounts/platform-account.service';
import { groupStatus } from '../../../src/shared/accounts';
import { makeMember } from '../../factories/members';
import { makeStaff } from '../../factories/staff';
import { cliTestTimeout, runCli } from '../../fixtures/cli';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

const cli = (...args: string[]) => runCli(services.database.url, ...args);

describe('back-office commands', { timeout: cliTestTimeout * 3 }, () => {
  it('manages staff, enables a trial, changes a class, disables a member, and finds it all in the audit log', async () => {
    const boss = await makeStaff(services.deps.db, { super: true });
    const clerk = await makeStaff(services.deps.db, { permissions: ['customer_service'] });
    const member = await makeMember(services.deps.db, { status: 0 });

    expect(await cli('staff', 'grant', clerk.email, 'activate_account', 'manage_course')).toMatchObject({ code: 0, stdout: `${clerk.email}: customer_service, manage_course, activate_account\n` });
    expect(await cli('staff', 'revoke', clerk.email, 'manage_course')).toMatchObject({ code: 0 });
    expect(await cli('staff', 'grant', clerk.email, 'root')).toMatchObject({ code: 1, stderr: expect.stringContaining('unknown permission root') });
    const listed = JSON.parse((await cli('staff', 'list', '--json')).stdout) as Array<{ email: string; permissions: string[] }>;
    expect(listed.find((item) => item.email === clerk.email)?.permissions).toEqual(['customer_service', 'activate_account']);
    await services.deps.db.update(staff).set({ super: false }).where(eq(staff.super, true));
    await services.deps.db.update(staff).set({ super: true }).where(eq(staff.id, boss.id));
    expect(await cli('staff', 'revoke', boss.email, 'super')).toMatchObject({ code: 1, stderr: 'Error: At least one super staff member must remain.\n' });
    expect(await cli('staff', 'remove', clerk.email)).toMatchObject({ code: 0 });
    expect((await services.deps.db.select().from(staff).where(eq(staff.id, clerk.id)))[0]!.disabled).toBe(true);

    expect(await cli('groups', 'enable-trial', member.email, '--project-type', '2', '--json')).toMatchObject({ code: 0 });
    expect((await services.deps.db.select().from(groups).where(eq(groups.id, member.groupId)))[0]).toMatchObject({ status: groupStatus.trial, memberClass: 'normal', defaultProjectType: 2, domainKey: 'trial-public' });
    expect(await cli('groups', 'class', member.groupId, 'upgrade')).toMatchObject({ code: 0, stdout: expect.stringContaining('normal → advanced') });
    expect(await cli('groups', 'class', member.groupId, 'promote')).toMatchObject({ code: 1 });
    expect(await cli('users', 'disable', member.email)).toMatchObject({ code: 0, stdout: `${member.email} is disabled and signed out.\n` });
    expect((await services.deps.db.select().from(users).where(eq(users.id, member.id)))[0]!.disabled).toBe(true);

    const audit = JSON.parse((await cli('audit', 'search', '--staff', 'cli', '--json')).stdout) as Array<{ action: string; target: string }>;
    expect(audit.map((entry) => entry.action)).toEqual(['user.disable', 'group.classChange', 'group.enableTrial', 'staff.remove', 'staff.revoke', 'staff.grant']);
    expect(await cli('audit', 'search', '--from', 'yesterday')).toMatchObject({ code: 1, stderr: expect.stringContaining('from') });
  });

  it('enables a group credited before on the domain it has: by default, and refuses another one', async () => {
    const member = await makeMember(services.deps.db, { status: 0 });
    const finance = await makeStaff(services.deps.db, { permissions: ['points_management'] });
    await callerFor(services.deps, { kind: 'staff', staffId: finance.id }).points.admin.grantBonus({ account: member.email, points: 5, reason: '產品說明會' });
    const groupRow = async () => (await services.deps.db.select().from(groups).where(eq(groups.id, member.groupId)))[0];

    expect(await cli('groups', 'enable-trial', member.email, '--domain', 'trial-public')).toMatchObject({
      code: 1,
      stderr: 'Error: The group already has its platform account, and its points, on another domain: enable it as trial there (leave out --domain to keep the domain it has).\n',
    });
    expect(await groupRow()).toMatchObject({ status: groupStatus.notActivated, domainKey: PAID_ACCOUNT_DOMAIN });
    expect(await cli('groups', 'enable-trial', member.email)).toMatchObject({ code: 0, stdout: expect.stringContaining(`is a trial account on ${PAID_ACCOUNT_DOMAIN}`) });
    expect(await groupRow()).toMatchObject({ status: groupStatus.trial, domainKey: PAID_ACCOUNT_DOMAIN });
  });
});
