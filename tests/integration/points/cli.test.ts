import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, pointLedger, pointPackages } from '../../../src/server/db/schema';
import { makeMember } from '../../factories/members';
import { makeStaff } from '../../factories/staff';
import { cliTestTimeout, runCli } from '../../fixtures/cli';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

/** Issue 9 part 10: `points balance|grant-bonus|trial list|trial approve|trial refuse`, run as an operator would. */
let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
  await services.deps.db
    .insert(pointPackages)
    .values({ names: { 'zh-TW': '免費試用 2 點', en: 'Free trial, 2 points', 'zh-CN': '免费试用 2 点', ja: '無料トライアル 2 ポイント' }, pointsTenths: 20, priceMinor: 0, projectType: 9, type: 'trial', status: 1 })
    .onConflictDoNothing();
});
afterAll(() => services?.close());

const cli = (...args: string[]) => runCli(services.database.url, ...args);

describe('points commands', { timeout: cliTestTimeout * 3 }, () => {
  it('lists open trial applications, approves one, grants a bonus and shows the balance', async () => {
    const member = await makeMember(services.deps.db);
    const other = await makeMember(services.deps.db);
    const reviewer = await makeStaff(services.deps.db, { permissions: ['apply_points'] });
    const mine = await callerFor(services.deps, { kind: 'member', userId: member.id }).points.applyForTrial({ reason: 'PCB 焊點外觀檢測' });
    const theirs = await callerFor(services.deps, { kind: 'member', userId: other.id }).points.applyForTrial({ reason: 'metal casting pores' });

    const open = await cli('points', 'trial', 'list', '--status', 'open', '--json');
    expect(open.code).toBe(0);
    expect((JSON.parse(open.stdout) as Array<{ id: number }>).map((row) => row.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));

    const approved = await cli('points', 'trial', 'approve', String(mine.id), '--by', reviewer.email, '--json');
    expect(approved.code).toBe(0);
    expect(JSON.parse(approved.stdout)).toMatchObject({ id: mine.id, status: 1, decidedBy: reviewer.email });
    expect(await cli('points', 'trial', 'refuse', String(theirs.id))).toMatchObject({ code: 0, stdout: `Application ${theirs.id} of ${other.email} refused.\n` });
    expect(await cli('points', 'trial', 'approve', String(theirs.id))).toMatchObject({ code: 1 });

    expect(await cli('points', 'grant-bonus', member.email, '3.5', '--reason', 'Referral')).toMatchObject({ code: 0, stdout: `Granted 3.5 bonus points to ${member.groupId}.\n` });
    const balance = await cli('points', 'balance', member.groupId, '--json');
    expect(balance.code).toBe(0);
    expect(JSON.parse(balance.stdout)).toMatchObject({ groupId: member.groupId, retrieved: true, types: expect.arrayContaining([{ projectType: 9, bought: 55, used: 0, remaining: 55 }]) });
    expect(await cli('points', 'grant-bonus', member.email, '0', '--reason', 'x')).toMatchObject({ code: 1 });
  });
});

describe('points commands acting as a staff member, and their errors', { timeout: cliTestTimeout * 3 }, () => {
  it("refuses --by a staff member without the back office's permission for the step, and records nothing", async () => {
    const { db } = services.deps;
    const member = await makeMember(db);
    const service = await makeStaff(db, { permissions: ['customer_service', 'apply_points'] });
    const manager = await makeStaff(db, { permissions: ['points_management'] });

    expect(await cli('points', 'grant-bonus', member.email, '2', '--reason', 'goodwill', '--by', service.email)).toMatchObject({ code: 1, stderr: 'Error: That staff member lacks the permission of this step.\n' });
    expect(await db.select().from(pointLedger).where(eq(pointLedger.groupId, member.groupId))).toEqual([]);
    expect(await db.select().from(auditLog).where(eq(auditLog.staffEmail, service.email))).toEqual([]);

    expect(await cli('points', 'grant-bonus', member.email, '2', '--reason', 'goodwill', '--by', manager.email)).toMatchObject({ code: 0, stdout: `Granted 2.0 bonus points to ${member.groupId}.\n` });
    expect(await db.select().from(auditLog).where(and(eq(auditLog.staffEmail, manager.email), eq(auditLog.action, 'points.grantBonus')))).toHaveLength(1);

    const application = await callerFor(services.deps, { kind: 'member', userId: member.id }).points.applyForTrial({ reason: 'weld seam inspection' });
    expect(await cli('points', 'trial', 'refuse', String(application.id), '--by', manager.email)).toMatchObject({ code: 1, stderr: 'Error: That staff member lacks the permission of this step.\n' });
    expect(await cli('points', 'trial', 'approve', String(application.id), '--by', manager.email)).toMatchObject({ code: 1, stderr: 'Error: That staff member lacks the permission of this step.\n' });
    expect(JSON.parse((await cli('points', 'trial', 'list', '--status', 'open', '--json')).stdout)).toEqual(expect.arrayContaining([expect.objectContaining({ id: application.id, status: 0 })]));
    expect(await cli('points', 'trial', 'refuse', String(application.id), '--by', service.email)).toMatchObject({ code: 0, stdout: `Application ${application.id} of ${member.email} refused.\n` });
  });

  it('says what a bad --status or id is and what is accepted, with the exit code of any bad argument, before the database is asked', async () => {
    expect(await cli('points', 'trial', 'list', '--status', 'bogus')).toEqual({ code: 1, stdout: '', stderr: "error: option '--status <status>' argument 'bogus' is invalid. Allowed choices are open, all.\n" });
    expect(await cli('points', 'trial', 'list', '--status', 'open')).toMatchObject({ code: 0 });
    for (const id of ['0', '1.5', '1e3', '99999999999']) {
      expect(await cli('points', 'trial', 'approve', id)).toEqual({ code: 1, stdout: '', stderr: `error: command-argument value '${id}' is invalid for argument 'id'. must be a whole number from 1 to 2147483647\n` });
    }
  });

  it('says whether the group id or the e-mail named no enterprise account', async () => {
    const member = await makeMember(services.deps.db);
    const noGroup = 'Error: No enterprise account has that group id.\n';
    expect(await cli('points', 'balance', 'ZZZZZZZZZZZZZZ')).toEqual({ code: 1, stdout: '', stderr: noGroup });
    expect(await cli('points', 'grant-bonus', 'ZZZZZZZZZZZZZZ', '1', '--reason', 'goodwill')).toEqual({ code: 1, stdout: '', stderr: noGroup });
    expect(await cli('points', 'balance', 'nobody@unknown-parts.example')).toEqual({ code: 1, stdout: '', stderr: 'Error: No enterprise account has a member with that e-mail.\n' });
    expect(await cli('points', 'balance', 'acme')).toEqual({ code: 1, stdout: '', stderr: "Error: No enterprise account has that id or e-mail: give a group id (14 capital letters and digits) or a member's e-mail.\n" });
    expect(await cli('points', 'balance', member.email)).toMatchObject({ code: 0 });
    expect(await services.deps.db.select().from(pointLedger).where(eq(pointLedger.groupId, 'ZZZZZZZZZZZZZZ'))).toEqual([]);
  });

  it('says the catalogue\'s and the forms\' English texts, not their codes and keys', async () => {
    const { db } = services.deps;
    const member = await makeMember(db);
    const application = await callerFor(services.deps, { kind: 'member', userId: member.id }).points.applyForTrial({ reason: 'bottle cap defects' });
    const trialPackages = and(eq(pointPackages.type, 'trial'), eq(pointPackages.status, 1));
    const active = await db.select({ id: pointPackages.id }).from(pointPackages).where(trialPackages);
    await db.update(pointPackages).set({ status: 0 }).where(trialPackages);
    try {
      expect(await cli('points', 'trial', 'approve', String(application.id))).toMatchObject({ code: 1, stderr: 'Error: Trial package is not found or inactive.\n' });
    } finally {
      for (const { id } of active) await db.update(pointPackages).set({ status: 1 }).where(eq(pointPackages.id, id));
    }
    expect(await cli('points', 'grant-bonus', member.email, '1.25', '--reason', 'x')).toMatchObject({ code: 1, stderr: 'Error: points: Please enter a number of points above 0, with at most one decimal.\n' });
  });
});
