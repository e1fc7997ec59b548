import { and, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformDeliveries, pointLedger } from '../../../src/server/db/schema';
import type { Deps } from '../../../src/server/deps';
import { createPlatformConnector } from '../../../src/server/modules/platform/platform.connector';
import { allDomainsAt } from '../../../src/server/modules/platform/platform-domains';
import { deliverPlatformDelivery } from '../../../src/server/modules/platform/platform-deliveries.service';
import { recordEmulatedUsage } from '../../../src/server/modules/platform/platform-usage.service';
import { writeRecordsCsv } from '../../../src/server/modules/points/records-export';
import { EMULATOR_KEY } from '../../../src/server/platform-emulator/emulator.server';
import type { Language } from '../../../src/shared/languages';
import { platformDomainKey } from '../../../src/shared/platform';
import { projectType, recordsDateLimits } from '../../../src/shared/points';
import { makeMember } from '../../factories/members';
import { givePoints } from '../../factories/points';
import { makeStaff } from '../../factories/staff';
import { makeTeam } from '../../factories/teams';
import { failure } from '../../fixtures/errors';
import { serveApiOnLoopback, type LoopbackApi } from '../../fixtures/http';
import { startScriptedPlatform } from '../../fixtures/scripted-platform';
import { callerFor, openTestServices, silentLog, type TestServices } from '../../fixtures/services';
import { collector } from '../../fixtures/sink';

/** Issue 9 part 8: the records pages' CSV exports (GET /points-export/<kind>.csv), as a member downloads them. */
let services: TestServices;
let api: LoopbackApi;
beforeAll(async () => {
  services = await openTestServices();
  api = await serveApiOnLoopback(services.deps);
});
afterAll(async () => {
  api?.close();
  await services?.close();
});

async function signIn(member: { email: string; password: string }, base = api.base): Promise<string> {
  const response = await fetch(`${base}/trpc/auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(superjson.serialize({ email: member.email, password: member.password })),
  });
  expect(response.status).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

/** GET /points-export/<file>?<query> with the member's cookie: the status, the headers and the body as bytes. */
async function download(cookie: string, file: string, query: Record<string, string>, base = api.base) {
  const response = await fetch(`${base}/points-export/${file}?${new URLSearchParams(query).toString()}`, { headers: { cookie } });
  return { status: response.status, type: response.headers.get('content-type'), name: response.headers.get('content-disposition'), bytes: Buffer.from(await response.arrayBuffer()) };
}

const recordsHeadingsZhTw = '日期,類別,專案類型,點數,已付款,訂單編號,對象,說明,經辦人';

/** A member whose account has 20 points on the platform emulator, given by staff. */
async function fundedMember() {
  const member = await makeMember(services.deps.db, { domainKey: platformDomainKey.cloudA });
  const finance = await makeStaff(services.deps.db, { permissions: ['points_management'] });
  await callerFor(services.deps, { kind: 'staff', staffId: finance.id }).points.admin.grantBonus({ account: member.email, points: 20, reason: '導入贈點' });
  const queued = await services.deps.db.select().from(platformDeliveries).where(and(eq(platformDeliveries.subject, member.groupId), eq(platformDeliveries.call, 'purchase-record')));
  for (const row of queued) await deliverPlatformDelivery(services.deps, row.id);
  return member;
}

describe('the Big5 records export', () => {
  it('is written in Traditional Chinese for a zh-CN or ja viewer, with no character lost; UTF-8 keeps the viewer\'s language', async () => {
    const member = await makeMember(services.deps.db);
    const finance = await makeStaff(services.deps.db, { permissions: ['points_management'] });
    await givePoints(services.deps.db, member.groupId, 40, { at: new Date('2026-11-20T16:30:05Z') });
    await callerFor(services.deps, { kind: 'staff', staffId: finance.id }).points.admin.grantBonus({ account: member.email, points: 1.5, reason: 'Seminar' });
    const cookie = await signIn(member);

    for (const lang of ['zh-CN', 'ja'] satisfies Language[]) {
      const big5 = await download(cookie, 'points.csv', { encoding: 'big5', lang, tz: 'Asia/Taipei' });
      expect(big5).toMatchObject({ status: 200, type: 'text/csv; charset=big5' });
      const text = iconv.decode(big5.bytes, 'big5');
      expect(text).not.toContain('?');
      const lines = text.trim().split('\n');
      expect(lines[0]).toBe(recordsHeadingsZhTw);
      expect(lines[1]).toContain(',贈送點數,M Point,1.5,是,');
      expect(lines[2]).toMatch(/^2026\/11\/21 00:30:05,購買,M Point,40\.0,是,M/);
    }

    const simplified = await download(cookie, 'points.csv', { encoding: 'utf8', lang: 'zh-CN', tz: 'Asia/Taipei' });
    expect(simplified.bytes.toString('utf8').slice(1).split('\n')[0]).toBe('日期,类别,项目类型,点数,已付款,订单编号,对象,说明,经办人');
    const japanese = collector();
    await writeRecordsCsv(services.deps, { groupId: member.groupId }, { kind: 'points', encoding: 'utf8', timeZone: 'Asia/Tokyo', language: 'ja' }, japanese.sink);
    expect(japanese.text('utf8')).toContain(',ボーナスポイント,M Point,1.5,はい,');
  });

  it('names transfers in Traditional Chinese too', async () => {
    const member = await makeMember(services.deps.db);
    await services.deps.db.insert(pointLedger).values({ groupId: member.groupId, projectType: 9, kind: 'transferOut', points: -30, isRemit: true, counterpart: 'T0000000000001', createdBy: member.email });
    const out = collector();
    await writeRecordsCsv(services.deps, { groupId: member.groupId }, { kind: 'transfers', encoding: 'big5', timeZone: 'Asia/Taipei', language: 'ja' }, out.sink);
    const text = out.text('big5');
    expect(text).not.toContain('?');
    expect(text.split('\n')[1]).toContain(',轉出,M Point,-3.0,是,');
  });
});

describe('text cells that a spreadsheet would run as formulas', () => {
  it('are written with a leading quote in the records export; point amounts, negative ones included, stay numbers', async () => {
    const member = await makeMember(services.deps.db);
    const finance = await makeStaff(services.deps.db, { permissions: ['points_management'] });
    const hyperlink = '=HYPERLINK("http://evil.example","x")';
    await callerFor(services.deps, { kind: 'staff', staffId: finance.id }).points.admin.grantBonus({ account: member.email, points: 2, reason: hyperlink });
    await services.deps.db.insert(pointLedger).values([
      { groupId: member.groupId, projectType: 9, kind: 'transferOut', points: -25, isRemit: true, counterpart: 'T0000000000002', reason: '@SUM(A1:A9)', createdBy: member.email },
      { groupId: member.groupId, projectType: 9, kind: 'transferOut', points: -5, isRemit: true, counterpart: 'T0000000000003', reason: '+1+cmd|calc', createdBy: member.email },
      { groupId: member.groupId, projectType: 9, kind: 'transferIn', points: 5, isRemit: true, counterpart: 'T0000000000003', reason: '-2+3', createdBy: member.email },
      { groupId: member.groupId, projectType: 9, kind: 'transferIn', points: 7, isRemit: true, counterpart: 'T0000000000003', reason: '\t=1+1', createdBy: member.email },
    ]);

    const points = collector();
    await writeRecordsCsv(services.deps, { groupId: member.groupId }, { kind: 'points', encoding: 'utf8', timeZone: 'UTC', language: 'en' }, points.sink);
    expect(points.text('utf8')).toContain(`,Bonus points,M Point,2.0,Y,,,"'=HYPERLINK(""http://evil.example"",""x"")",${finance.email}`);

    const transfers = collector();
    await writeRecordsCsv(services.deps, { groupId: member.groupId }, { kind: 'transfers', encoding: 'big5', timeZone: 'UTC', language: 'zh-TW' }, transfers.sink);
    const text = transfers.text('big5');
    expect(text).toContain(`,轉出,M Point,-2.5,是,,T0000000000002,'@SUM(A1:A9),`);
    expect(text).toContain(`,轉出,M Point,-0.5,是,,T0000000000003,'+1+cmd|calc,`);
    expect(text).toContain(`,轉入,M Point,0.5,是,,T0000000000003,'-2+3,`);
    expect(text).toContain(`,轉入,M Point,0.7,是,,T0000000000003,'\t=1+1,`);
  });
});

describe('the usage export', () => {
  it('downloads /point-record\'s usage lines as Big5 (Traditional Chinese) or UTF-8, in the date range, dates in the viewer\'s time zone', async () => {
    const member = await fundedMember();
    const at = (iso: string) => ({ ...services.deps, clock: () => new Date(iso) });
    await recordEmulatedUsage(at('2026-10-05T02:00:00Z'), { email: member.email, projectType: projectType.mPoint, hours: 1.5, taskType: 'training' });
    await recordEmulatedUsage(at('2026-10-20T16:10:30Z'), { email: member.email, projectType: projectType.mPoint, hours: 0.5, taskType: 'prediction' });
    await recordEmulatedUsage(at('2026-11-02T02:00:00Z'), { email: member.email, projectType: projectType.mPoint, hours: 3, taskType: 'training' });
    const cookie = await signIn(member);

    const big5 = await download(cookie, 'usage.csv', { lang: 'ja', tz: 'Asia/Taipei' });
    expect(big5).toMatchObject({ status: 200, type: 'text/csv; charset=big5', name: 'attachment; filename="point-usage-record.csv"' });
    const text = iconv.decode(big5.bytes, 'big5');
    expect(text).not.toContain('?');
    expect(big5.bytes.includes(Buffer.from('日期'))).toBe(false);
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('日期,工作,專案類型,使用點數,經辦人');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 4).join(','))).toEqual([
      '2026/11/02 10:00:00,模型訓練,M Point,-3.0',
      '2026/10/21 00:10:30,預測,M Point,-0.5',
      '2026/10/05 10:00:00,模型訓練,M Point,-1.5',
    ]);

    const october = await download(cookie, 'usage.csv', { encoding: 'utf8', lang: 'en', tz: 'Europe/Berlin', from: '2026-10-01T00:00:00Z', to: '2026-10-31T00:00:00Z' });
    expect([...october.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const octoberLines = october.bytes.toString('utf8').slice(1).trim().split('\n');
    expect(octoberLines[0]).toBe('Date,Job,Project type,Points used,By');
    expect(octoberLines.slice(1).map((line) => line.split(',').slice(0, 4).join(','))).toEqual(['2026/10/20 18:10:30,Prediction,M Point,-0.5', '2026/10/05 04:00:00,Model training,M Point,-1.5']);

    // Another account's usage is not in it, and a visitor gets none.
    const other = await signIn(await fundedMember());
    expect((await download(other, 'usage.csv', { encoding: 'utf8' })).bytes.toString('utf8').trim().split('\n')).toHaveLength(1);
    expect((await download('', 'usage.csv', {})).status).toBe(401);
  });

  it('answers the catalogue\'s error, not a broken file, when the platform cannot be read', async () => {
    const down = await startScriptedPlatform(() => ({ status: 503, body: 'maintenance' }));
    const connector = createPlatformConnector({ mode: 'remote', domains: allDomainsAt(down.url), key: EMULATOR_KEY, timeoutMs: 1000, readRetries: 0, log: silentLog });
    const downApi = await serveApiOnLoopback({ ...services.deps, platform: connector } satisfies Deps);
    try {
      const member = await makeMember(services.deps.db, { domainKey: platformDomainKey.cloudA });
      const answer = await download(await signIn(member, downApi.base), 'usage.csv', {}, downApi.base);
      expect(answer.status).toBe(502);
      expect(JSON.parse(answer.bytes.toString('utf8'))).toMatchObject({ code: 'PlatformApiException' });
    } finally {
      downApi.close();
      await down.close();
    }
  });
});

describe('dates beyond the records\' range', () => {
  const farFuture = new Date(8_640_000_000_000_000);
  const longAgo = new Date('0999-01-01T00:00:00Z');

  it('are refused as an invalid field by every records list, not a system error', async () => {
    const { team, admin } = await makeTeam(services.deps.db);
    const caller = callerFor(services.deps, { kind: 'member', userId: admin.id });
    const invalid = { code: 'InvalidInput', trpcCode: 'BAD_REQUEST' };
    expect(await failure(caller.points.records({ from: farFuture }))).toMatchObject({ ...invalid, fieldErrors: { from: ['validation.invalid'] } });
    expect(await failure(caller.points.records({ to: farFuture }))).toMatchObject({ ...invalid, fieldErrors: { to: ['validation.invalid'] } });
    expect(await failure(caller.points.records({ from: longAgo }))).toMatchObject({ ...invalid, fieldErrors: { from: ['validation.invalid'] } });
    expect(await failure(caller.points.usage({ to: farFuture }))).toMatchObject(invalid);
    expect(await failure(caller.points.transferRecords({ from: farFuture }))).toMatchObject(invalid);
    expect(await failure(caller.points.teamRecords({ teamId: team.id, to: farFuture }))).toMatchObject(invalid);
    // The widest range allowed reaches the database and is answered.
    const widest = { from: recordsDateLimits.earliest, to: recordsDateLimits.latest };
    expect(await caller.points.records(widest)).toMatchObject({ total: 0 });
    expect(await caller.points.transferRecords(widest)).toMatchObject({ total: 0 });
    expect(await caller.points.teamRecords({ teamId: team.id, ...widest })).toMatchObject({ total: 0 });
  });

  it('are refused with a 400 and the field\'s message by the exports', async () => {
    const member = await makeMember(services.deps.db);
    const cookie = await signIn(member);
    for (const file of ['points.csv', 'usage.csv', 'transfers.csv']) {
      const answer = await download(cookie, file, { from: farFuture.toISOString() });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.bytes.toString('utf8'))).toEqual({ code: 'InvalidInput', params: {}, fieldErrors: { from: ['validation.invalid'] } });
    }
    const reversed = await download(cookie, 'points.csv', { from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' });
    expect(reversed.status).toBe(400);
    expect(JSON.parse(reversed.bytes.toString('utf8'))).toMatchObject({ fieldErrors: { to: ['validation.dateRange'] } });
    expect((await download(cookie, 'points.csv', { from: recordsDateLimits.earliest.toISOString(), to: recordsDateLimits.latest.toISOString() })).status).toBe(200);
  });
});
