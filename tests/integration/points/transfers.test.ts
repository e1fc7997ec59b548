import { and, count, eq, isNull } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, platformDeliveries, pointBalances, pointLedger, teamMembers, teams } from '../../../src/server/db/schema';
import { platformDomainKey } from '../../../src/shared/platform';
import { projectType, projectTypes } from '../../../src/shared/points';
import { teamAuth } from '../../../src/shared/teams';
import { makeMember } from '../../factories/members';
import { givePoints } from '../../factories/points';
import { makeTeam } from '../../factories/teams';
import { failure } from '../../fixtures/errors';
import { mailsTo } from '../../fixtures/mails';
import { writeRecordsCsv } from '../../../src/server/modules/points/records-export';
import { teamAccount } from '../../../src/server/modules/points/transfers.service';
import { USAGE_FRESH_MS } from '../../../src/server/modules/points/balance.service';
import { sweepPlatformDeliveries } from '../../../src/server/modules/platform/platform-deliveries.service';
import { recordUsage as recordEmulatedTeamUsage } from '../../../src/server/platform-emulator/store';
import { toAppErrorPayload } from '../../../src/server/trpc/init';
import { createPlatformConnector } from '../../../src/server/modules/platform/platform.connector';
import { allDomainsAt } from '../../../src/server/modules/platform/platform-domains';
import { EMULATOR_KEY } from '../../../src/server/platform-emulator/emulator.server';
import { startScriptedPlatform } from '../../fixtures/scripted-platform';
import { callerFor, openTestServices, silentLog, type TestServices } from '../../fixtures/services';

/** Issue 9 part 7: transfers between an enterprise account and its team, from the team space. */
let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

const memberCaller = (userId: string) => callerFor(services.deps, { kind: 'member', userId });

async function balanceOf(ownerId: string, type: number = projectType.mPoint): Promise<number> {
  const [row] = await services.deps.db
    .select()
    .from(pointBalances)
    .where(and(eq(pointBalances.ownerId, ownerId), eq(pointBalances.projectType, type)));
  return row?.balance ?? 0;
}

async function counts() {
  const [ledger] = await services.deps.db.select({ value: count() }).from(pointLedger);
  const [deliveries] = await services.deps.db.select({ value: count() }).from(platformDeliveries);
  return { ledger: ledger!.value, deliveries: deliveries!.value };
}

async function fundedTeam(points = 100, roles: Parameters<typeof makeTeam>[1] = []) {
  const setup = await makeTeam(services.deps.db, roles);
  await services.deps.db.update(groups).set({ domainKey: platformDomainKey.cloudA }).where(eq(groups.id, setup.admin.groupId));
  await services.deps.db.update(teams).set({ domainKey: platformDomainKey.cloudA }).where(eq(teams.id, setup.team.id));
  await givePoints(services.deps.db, setup.admin.groupId, points);
  return setup;
}

describe('point transfers', () => {
  it('moves points to the team and back; both records pages and the outbox show it', async () => {
    const { team, admin } = await fundedTeam(100);
    const caller = memberCaller(admin.id);
    const out = await caller.points.transfer({ teamId: team.id, direction: 'toTeam', transferList: [{ projectType: 9, points: 30 }] });
    expect(out.remaining).toEqual([{ projectType: 9, remaining: 700 }]);
    await caller.points.transfer({ teamId: team.id, direction: 'toAccount', transferList: [{ projectType: 9, points: 12 }] });
    expect(await balanceOf(admin.groupId)).toBe(820);
    expect(await balanceOf(team.id)).toBe(180);

    // Each side's bought is what it holds after the moves, as the platform's buy_points: remaining is bought less used.
    const sides = await caller.points.transferSides({ teamId: team.id });
    expect(sides.account.find((type) => type.projectType === 9)).toEqual({ projectType: 9, bought: 820, used: 0, remaining: 820 });
    expect(sides.team.find((type) => type.projectType === 9)).toEqual({ projectType: 9, bought: 180, used: 0, remaining: 180 });
    const balance = await caller.points.balance();
    expect(balance.types).toEqual([{ projectType: 9, bought: 820, used: 0, remaining: 820 }]);
    expect(balance.history.at(-1)).toMatchObject({ bought: 820, used: 0 });

    // Each side is named: the team on the account's page, the account's company on the team's.
    const [{ companyName }] = (await services.deps.db.select({ companyName: groups.companyName }).from(groups).where(eq(groups.id, admin.groupId))) as [{ companyName: string }];
    const accountRecords = await caller.points.transferRecords({});
    expect(accountRecords.items.map((item) => [item.kind, item.points, item.counterpart, item.counterpartName])).toEqual([
      ['transferIn', 120, team.id, team.name],
      ['transferOut', -300, team.id, team.name],
    ]);
    const teamRecords = await caller.points.teamRecords({ teamId: team.id });
    expect(teamRecords.items.map((item) => [item.kind, item.points, item.counterpart, item.counterpartName, item.createdBy])).toEqual([
      ['transferOut', -120, admin.groupId, companyName, admin.email],
      ['transferIn', 300, admin.groupId, companyName, admin.email],
    ]);
    // The team's CSV (what GET /points-export/team.csv?team= streams), big5 by default.
    const chunks: Buffer[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (chunks.push(chunk), done()) });
    await writeRecordsCsv(services.deps, await teamAccount(services.deps.db, admin.id, team.id), { kind: 'team', encoding: 'big5', timeZone: 'Asia/Taipei', language: 'zh-TW' }, sink);
    const lines = iconv.decode(Buffer.concat(chunks), 'big5').trim().split(/\r?\n/);
    expect(lines[0]).toBe('日期,類別,專案類型,點數,已付款,訂單編號,對象,說明,經辦人');
    expect(lines.slice(1).map((line) => line.split(',').slice(1, 4))).toEqual([
      ['轉出', 'M Point', '-12.0'],
      ['轉入', 'M Point', '30.0'],
    ]);
    for (const line of lines.slice(1)) expect(line).toContain(`${companyName} (${admin.groupId})`);
    // The purchase list of the account does not show transfers.
    expect((await caller.points.records({})).items.map((item) => item.kind)).toEqual(['purchase']);

    const deliveries = await services.deps.db.select().from(platformDeliveries).where(eq(platformDeliveries.call, 'point-transfer'));
    const mine = deliveries.filter((row) => [admin.groupId, team.id].includes(row.subject));
    expect(mine.map((row) => row.payload)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ from: admin.groupId, to: team.id, transferList: [{ projectType: 9, transferPointTenths: 300 }] }),
        expect.objectContaining({ from: team.id, to: admin.groupId, transferList: [{ projectType: 9, transferPointTenths: 120 }] }),
      ]),
    );
  });

  it('moves several project types at once, each from its own balance', async () => {
    const { team, admin } = await fundedTeam(10);
    await givePoints(services.deps.db, admin.groupId, 5, { projectType: projectType.image });
    await memberCaller(admin.id).points.transfer({ teamId: team.id, direction: 'toTeam', transferList: [{ projectType: 2, points: 5 }, { projectType: 9, points: 1 }] });
    expect(await balanceOf(admin.groupId, 2)).toBe(0);
    expect(await balanceOf(admin.groupId, 9)).toBe(90);
    expect(await balanceOf(team.id, 2)).toBe(50);
  });

  it('refuses more than the remaining points (less the platform usage) with OutOfRange and the most allowed', async () => {
    const { team, admin } = await fundedTeam(10);
    await services.deps.db.update(pointBalances).set({ used: 35 }).where(eq(pointBalances.ownerId, admin.groupId));
    const before = await counts();
    const error = await failure(memberCaller(admin.id).points.transfer({ teamId: team.id, direction: 'toTeam', transferList: [{ projectType: 9, points: 7 }] }));
    expect(error).toMatchObject({ code: 'OutOfRange', params: { min: 1, max: 6 } });
    // The team has nothing to give back.
    expect(await failure(memberCaller(admin.id).points.transfer({ teamId: team.id, direction: 'toAccount', transferList: [{ projectType: 9, points: 1 }] }))).toMatchObject({
      code: 'OutOfRange',
      params: { min: 1, max: 0 },
    });
    expect(await counts()).toEqual(before);
    await memberCaller(admin.id).points.transfer({ teamId: team.id, direction: 'toTeam', transferList: [{ projectType: 9, points: 6 }] });
    expect(await balanceOf(admin.groupId)).toBe(40);
  });

  it.each([
    ['zero points', 'TransferPointOutOfRange', [{ projectType: 9, points: 0 }]],
    ['negative points', 'TransferPointOutOfRange', [{ projectType: 9, points: -3 }]],
    ['fractional points', 'TransferPointOutOfRange', [{ projectType: 9, points: 1.5 }]],
    ['an unknown project type', 'IncorrectProjectType', [{ projectType: 7, points: 1 }]],
    ['the same type twice', 'IncorrectProjectType', [{ projectType: 9, points: 1 }, { projectType: 9, points: 1 }]],
    ['a good entry then a bad one', 'TransferPointOutOfRange', [{ projectType: 9, points: 1 }, { projectType: 2, points: 0 }]],
  ])('refuses %s with %s and writes nothing', async (_case, code, transferList) => {
    const { team, admin } = await fundedTeam(10);
    const before = await counts();
    expect(await failure(memberCaller(admin.id).points.transfer({ teamId: team.id, direction: 'toTeam', transferList }))).toMatchObject({ trpcCode: 'BAD_REQUEST', code });
    expect(await counts()).toEqual(before);
    expect(await balanceOf(admin.groupId)).toBe(100);
  });

  it.each([
    ['an empty list', { transferList: [] }],
    ['a string amount', { transferList: [{ projectType: 9, points: '5' }] }],
    ['no direction', { direction: 'sideways' }],
    ['a malformed team id', { teamId: 'team-1' }],
  ])('refuses %s as invalid input', async (_case, change) => {
    const { team, admin } = await fundedTeam(10);
    const before = await counts();
    const form = { teamId: team.id, direction: 'toTeam', transferList: [{ projectType: 9, points: 1 }], ...change };
    expect(await failure(memberCaller(admin.id).points.transfer(form as never))).toMatchObject({ trpcCode: 'BAD_REQUEST', code: 'InvalidInput' });
    expect(await counts()).toEqual(before);
  });

  it('mails the administrator once per crossing below the low-balance threshold when transfers take the account under it', async () => {
    const { team, admin } = await fundedTeam(100);
    const caller = memberCaller(admin.id);
    const alertMails = () => mailsTo(services.deps.db, admin.email, 'points.lowBalance');
    const move = (direction: 'toTeam' | 'toAccount', points: number) => caller.points.transfer({ teamId: team.id, direction, transferList: [{ projectType: 9, points }] });
    expect(await caller.points.setLowBalanceAlert({ threshold: 50 })).toEqual({ threshold: 500, below: false });

    await move('toTeam', 60);
    expect(await alertMails()).toHaveLength(1);
    expect((await alertMails())[0]!.body).toContain('40.0');
    await move('toTeam', 10);
    expect(await alertMails()).toHaveLength(1);
    // Back above through a transfer from the team, then below again, with no balance read in between: one more.
    await move('toAccount', 40);
    await move('toTeam', 25);
    expect(await alertMails()).toHaveLength(2);
    expect((await caller.points.balance()).lowBalance).toEqual({ threshold: 500, below: true });
    expect(await alertMails()).toHaveLength(2);
  });

  it("shows the team's own usage on the platform on the transfer page, and refuses to move back points the team has used", async () => {
    const { team, admin } = await fundedTeam(100);
    const caller = memberCaller(admin.id);
    await caller.points.transfer({ teamId: team.id, direction: 'toTeam', transferList: [{ projectType: 9, points: 10 }] });
    await sweepPlatformDeliveries(services.deps);
    // The team trains a model on its own platform space for 4 hours.
    await recordEmulatedTeamUsage(services.deps.db, { ownerId: team.id, projectType: 9, hours: 4, taskType: 'training', by: admin.email, at: new Date() });

    const sides = await caller.points.transferSides({ teamId: team.id });
    expect(sides.team.find((figure) => figure.projectType === 9)).toEqual({ projectType: 9, bought: 100, used: 40, remaining: 60 });
    expect(await failure(caller.points.transfer({ teamId: team.id, direction: 'toAccount', transferList: [{ projectType: 9, points: 7 }] }))).toMatchObject({ code: 'OutOfRange' });
    expect((await caller.points.transfer({ teamId: team.id, direction: 'toAccount', transferList: [{ projectType: 9, points: 6 }] })).remaining).toEqual([{ projectType: 9, remaining: 0 }]);
  });

  it("reads the source's usage from the platform before every transfer, however recent the page's reading", async () => {
    const { team, admin } = await fundedTeam(10);
    const caller = memberCaller(admin.id);
    await caller.points.transfer({ teamId: team.id, direction: 'toTeam', transferList: [{ projectType: 9, points: 3 }] });
    await sweepPlatformDeliveries(services.deps);
    expect((await caller.points.balance()).types).toEqual([{ projectType: 9, bought: 70, used: 0, remaining: 70 }]);
    // Right after the page read the balance, the account and the team each run 2 hours of prediction on the platform.
    for (const ownerId of [admin.groupId, team.id]) {
      await recordEmulatedTeamUsage(services.deps.db, { ownerId, projectType: 9, hours: 2, taskType: 'prediction', by: admin.email, at: new Date() });
    }
    // The team has 1 of its 3 points left, the account 5 of its 7, as the platform has them now.
    expect(await failure(caller.points.transfer({ teamId: team.id, direction: 'toAccount', transferList: [{ projectType: 9, points: 2 }] }))).toMatchObject({ code: 'OutOfRange', params: { max: 1 } });
    expect(await failure(caller.points.transfer({ teamId: team.id, direction: 'toTeam', transferList: [{ projectType: 9, points: 6 }] }))).toMatchObject({ code: 'OutOfRange', params: { max: 5 } });
    expect((await caller.points.transfer({ teamId: team.id, direction: 'toTeam', transferList: [{ projectType: 9, points: 5 }] })).remaining).toEqual([{ projectType: 9, remaining: 0 }]);
  });

  it('refuses a transfer with PlatformApiException and moves nothing when the platform cannot be read', async () => {
    const { team, admin } = await fundedTeam(10);
    await sweepPlatformDeliveries(services.deps);
    // The account used 8 of its 10 hours on the platform; the portal last read it before that.
    await memberCaller(admin.id).points.balance();
    await recordEmulatedTeamUsage(services.deps.db, { ownerId: admin.groupId, projectType: 9, hours: 8, taskType: 'training', by: admin.email, at: new Date() });
    const before = await counts();
    const down = await startScriptedPlatform(() => ({ status: 503, body: 'maintenance' }));
    try {
      const platform = createPlatformConnector({ mode: 'remote', domains: allDomainsAt(down.url), key: EMULATOR_KEY, timeoutMs: 1000, readRetries: 0, log: silentLog });
      const caller = callerFor({ ...services.deps, platform }, { kind: 'member', userId: admin.id });
      expect(await failure(caller.points.transfer({ teamId: team.id, direction: 'toTeam', transferList: [{ projectType: 9, points: 9 }] }))).toMatchObject({ code: 'PlatformApiException' });
    } finally {
      await down.close();
    }
    expect(await counts()).toEqual(before);
    expect(await balanceOf(team.id)).toBe(0);
    expect(await balanceOf(admin.groupId)).toBe(100);
  });

  it('shows both sides at zero, not retrieved, on the transfer page when the platform cannot be read (issue 9 part 4)', async () => {
    const { team, admin } = await fundedTeam(10);
    await memberCaller(admin.id).points.transfer({ teamId: team.id, direction: 'toTeam', transferList: [{ projectType: 9, points: 3 }] });
    await sweepPlatformDeliveries(services.deps);
    const read = await memberCaller(admin.id).points.transferSides({ teamId: team.id });
    expect(read).toMatchObject({ retrieved: true });
    expect(read.account.find((figure) => figure.projectType === 9)).toMatchObject({ remaining: 70 });
    expect(read.team.find((figure) => figure.projectType === 9)).toMatchObject({ remaining: 30 });

    // Past the last reading's freshness the platform is read again, and cannot be: the earlier figures are not shown as today's.
    const later = () => new Date(Date.now() + USAGE_FRESH_MS + 1000);
    const down = await startScriptedPlatform(() => ({ status: 503, body: 'maintenance' }));
    try {
      const platform = createPlatformConnector({ mode: 'remote', domains: allDomainsAt(down.url), key: EMULATOR_KEY, timeoutMs: 1000, readRetries: 0, log: silentLog });
      const caller = callerFor({ ...services.deps, platform, clock: later }, { kind: 'member', userId: admin.id });
      const sides = await caller.points.transferSides({ teamId: team.id });
      expect(sides.retrieved).toBe(false);
      for (const side of [sides.account, sides.team]) {
        expect(side.map((figure) => figure.projectType).sort()).toEqual([...projectTypes].sort());
        expect(side.every((figure) => figure.bought === 0 && figure.used === 0 && figure.remaining === 0)).toBe(true);
      }
      expect(down.hits.get('/scapi/v1/ai/group-buy-and-usage')).toBeGreaterThanOrEqual(1);
    } finally {
      await down.close();
    }
    // Readable again, the figures come back; nothing moved meanwhile.
    const again = await callerFor({ ...services.deps, clock: later }, { kind: 'member', userId: admin.id }).points.transferSides({ teamId: team.id });
    expect(again.retrieved).toBe(true);
    expect(again.account.find((figure) => figure.projectType === 9)).toMatchObject({ remaining: 70 });
  });

  it('reads the usage again when a project type was credited after the last reading', async () => {
    const { team, admin } = await fundedTeam(10);
    const start = Date.now();
    const at = (ms: number) => callerFor({ ...services.deps, clock: () => new Date(start + ms) }, { kind: 'member', userId: admin.id });
    await at(0).points.balance();
    // Image points arrive after that reading, and 3 of their 5 hours are spent on the platform.
    await givePoints(services.deps.db, admin.groupId, 5, { projectType: projectType.image });
    await sweepPlatformDeliveries(services.deps);
    await recordEmulatedTeamUsage(services.deps.db, { ownerId: admin.groupId, projectType: projectType.image, hours: 3, taskType: 'training', by: admin.email, at: new Date(start) });
    // A second later the M Point reading is fresh, but the image type was never read: it is read now.
    expect(await failure(at(1000).points.transfer({ teamId: team.id, direction: 'toTeam', transferList: [{ projectType: projectType.image, points: 3 }] }))).toMatchObject({
      code: 'OutOfRange',
      params: { max: 2 },
    });
  });

  it('gives UndefinedDomain when the source has no platform domain, and writes nothing', async () => {
    const { team, admin } = await fundedTeam(10);
    await services.deps.db.update(groups).set({ domainKey: null }).where(eq(groups.id, admin.groupId));
    const before = await counts();
    expect(await failure(memberCaller(admin.id).points.transfer({ teamId: team.id, direction: 'toTeam', transferList: [{ projectType: 9, points: 1 }] }))).toMatchObject({
      code: 'UndefinedDomain',
    });
    expect(await counts()).toEqual(before);
  });

  it('lets only the team administrator transfer; any team member reads the team records', async () => {
    const { team, admin, members } = await fundedTeam(10, [teamAuth.deputy, teamAuth.member, teamAuth.kicked]);
    const [deputy, member, kicked] = members;
    const outsider = await makeMember(services.deps.db);
    const form = { teamId: team.id, direction: 'toTeam' as const, transferList: [{ projectType: 9, points: 1 }] };
    const before = await counts();
    for (const [user, reason] of [
      [deputy!, 'teamRole'],
      [member!, 'teamRole'],
      [kicked!, 'notTeamMember'],
      [outsider, 'notTeamMember'],
    ] as const) {
      expect(await failure(memberCaller(user.id).points.transfer(form))).toMatchObject({ trpcCode: 'FORBIDDEN', code: 'Unauthorized', params: { reason } });
      expect(await failure(memberCaller(user.id).points.transferSides({ teamId: team.id }))).toMatchObject({ code: 'Unauthorized' });
    }
    expect(await failure(callerFor(services.deps).points.transfer(form))).toMatchObject({ code: 'MissingAuthentication' });
    expect(await counts()).toEqual(before);

    await memberCaller(admin.id).points.transfer(form);
    expect((await memberCaller(member!.id).points.teamRecords({ teamId: team.id })).total).toBe(1);
    expect((await memberCaller(deputy!.id).points.teamRecords({ teamId: team.id })).total).toBe(1);
    expect(await failure(memberCaller(kicked!.id).points.teamRecords({ teamId: team.id }))).toMatchObject({ code: 'Unauthorized' });
    expect(await failure(memberCaller(outsider.id).points.teamRecords({ teamId: team.id }))).toMatchObject({ code: 'Unauthorized' });
    expect(await failure(memberCaller(admin.id).points.teamRecords({ teamId: 'TAAAAAAAAAAAAAA' }))).toMatchObject({ code: 'TeamNotFound' });
  });

  it('refuses a team administrator from another enterprise account (the team was handed over)', async () => {
    const { team, admin } = await fundedTeam(10);
    const stranger = await makeMember(services.deps.db);
    await services.deps.db.update(teamMembers).set({ auth: teamAuth.member }).where(eq(teamMembers.userId, admin.id));
    await services.deps.db.insert(teamMembers).values({ teamId: team.id, userId: stranger.id, auth: teamAuth.admin, createdBy: admin.id, modifiedBy: admin.id });
    expect(await failure(memberCaller(stranger.id).points.transfer({ teamId: team.id, direction: 'toTeam', transferList: [{ projectType: 9, points: 1 }] }))).toMatchObject({
      code: 'Unauthorized',
      params: { reason: 'notTeamGroup' },
    });
    expect(await balanceOf(admin.groupId)).toBe(100);
  });

  it('keeps 200 simultaneous transfers from one account exact: 150 points give 150 transfers and 50 OutOfRange refusals', async () => {
    const { team, admin } = await fundedTeam(150);
    const caller = memberCaller(admin.id);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () => caller.points.transfer({ teamId: team.id, direction: 'toTeam', transferList: [{ projectType: 9, points: 1 }] })),
    );
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [toAppErrorPayload(result.reason).code] : []));
    expect(refusals).toEqual(Array.from({ length: 50 }, () => 'OutOfRange'));
    expect(await balanceOf(admin.groupId)).toBe(0);
    expect(await balanceOf(team.id)).toBe(1500);
    const [outs] = await services.deps.db
      .select({ value: count() })
      .from(pointLedger)
      .where(and(eq(pointLedger.groupId, admin.groupId), isNull(pointLedger.teamId), eq(pointLedger.kind, 'transferOut')));
    expect(outs!.value).toBe(150);
    const [deliveries] = await services.deps.db
      .select({ value: count() })
      .from(platformDeliveries)
      .where(and(eq(platformDeliveries.call, 'point-transfer'), eq(platformDeliveries.subject, admin.groupId)));
    expect(deliveries!.value).toBe(150);
  }, 120_000);

  it('runs 100 simultaneous transfers both ways between an account and its team without a deadlock or a lost point', async () => {
    const { team, admin } = await fundedTeam(100);
    const caller = memberCaller(admin.id);
    await caller.points.transfer({ teamId: team.id, direction: 'toTeam', transferList: [{ projectType: 9, points: 50 }] });
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, index) =>
        caller.points.transfer({ teamId: team.id, direction: index % 2 === 0 ? 'toTeam' : 'toAccount', transferList: [{ projectType: 9, points: 1 }] }),
      ),
    );
    expect(results.filter((result) => result.status === 'rejected').map((result) => toAppErrorPayload((result as PromiseRejectedResult).reason).code)).toEqual([]);
    expect((await balanceOf(admin.groupId)) + (await balanceOf(team.id))).toBe(1000);
    expect(await balanceOf(team.id)).toBe(500);
  }, 120_000);
});
