import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointPackages } from '../../../src/server/db/schema';
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
