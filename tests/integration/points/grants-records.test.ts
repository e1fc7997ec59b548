import iconv from 'iconv-lite';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, pointLedger } from '../../../src/server/db/schema';
import { writeRecordsCsv } from '../../../src/server/modules/points/records-export';
import { makeMember } from '../../factories/members';
import { givePoints } from '../../factories/points';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { mailsTo } from '../../fixtures/mails';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';
import { collector } from '../../fixtures/sink';

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

async function ledgerCount() {
  const [row] = await services.deps.db.select({ value: count() }).from(pointLedger);
  return row!.value;
}

describe('bonus points', () => {
  it('staff with points_management grant bonus M Points by e-mail or group id; the member sees them in the records', async () => {
    const member = await makeMember(services.deps.db);
    const finance = await makeStaff(services.deps.db, { permissions: ['points_management'] });
    const staffCaller = callerFor(services.deps, { kind: 'staff', staffId: finance.id });
    const first = await staffCaller.points.admin.grantBonus({ account: member.email.toUpperCase(), points: 2.5, reason: '參加 AOI 研討會' });
    expect(first).toMatchObject({ groupId: member.groupId, points: 25 });
    await staffCaller.points.admin.grantBonus({ account: member.groupId, points: 10, reason: 'Referral of Kasumi Denshi' });

    const memberCaller = callerFor(services.deps, { kind: 'member', userId: member.id });
    const records = await memberCaller.points.records({});
    expect(records.total).toBe(2);
    expect(records.items[1]).toMatchObject({ kind: 'bonus', points: 25, isRemit: true, projectType: 9, reason: '參加 AOI 研討會', createdBy: finance.email });
    expect((await memberCaller.points.balance()).types[0]!.remaining).toBe(125);
  });

  it('is refused to visitors, members and staff without the permission', async () => {
    const member = await makeMember(services.deps.db);
    const grant = { account: member.email, points: 1, reason: 'test' };
    const before = await ledgerCount();
    expect(await failure(callerFor(services.deps).points.admin.grantBonus(grant))).toMatchObject({ code: 'MissingAuthentication' });
    expect(await failure(callerFor(services.deps, { kind: 'member', userId: member.id }).points.admin.grantBonus(grant))).toMatchObject({ code: 'MissingAuthentication' });
    const service = await makeStaff(services.deps.db, { permissions: ['customer_service', 'apply_points'] });
    expect(await failure(callerFor(services.deps, { kind: 'staff', staffId: service.id }).points.admin.grantBonus(grant))).toMatchObject({
      trpcCode: 'FORBIDDEN',
      code: 'Unauthorized',
    });
    expect(await ledgerCount()).toBe(before);
  });

  it.each([
    ['zero points', { points: 0 }, { points: ['validation.points'] }],
    ['negative points', { points: -5 }, { points: ['validation.points'] }],
    ['two decimals', { points: 1.25 }, { points: ['validation.points'] }],
    ['a string for points', { points: '5' }, { points: ['validation.points'] }],
    ['no reason', { reason: '  ' }, { reason: ['validation.required'] }],
    ['no account', { account: '' }, { account: ['validation.required'] }],
    ['an account over 254 characters', { account: `${'a'.repeat(243)}@example.com` }, { account: ['validation.tooLong.254'] }],
  ])('refuses %s with a field message and records nothing', async (_case, change, fieldErrors) => {
    const member = await makeMember(services.deps.db);
    const finance = await makeStaff(services.deps.db, { permissions: ['points_management'] });
    const before = await ledgerCount();
    const error = await failure(
      callerFor(services.deps, { kind: 'staff', staffId: finance.id }).points.admin.grantBonus({ account: member.email, points: 1, reason: 'ok', ...change } as never),
    );
    expect(error).toMatchObject({ trpcCode: 'BAD_REQUEST', code: 'InvalidInput', fieldErrors });
    expect(await ledgerCount()).toBe(before);
  });

  it('gives UserNotFound for an account that does not exist', async () => {
    const finance = await makeStaff(services.deps.db, { super: true });
    const caller = callerFor(services.deps, { kind: 'staff', staffId: finance.id });
    expect(await failure(caller.points.admin.grantBonus({ account: 'ghost@nowhere.example', points: 1, reason: 'x' }))).toMatchObject({ code: 'UserNotFound' });
    expect(await failure(caller.points.admin.grantBonus({ account: 'ABCDEFGHIJKLMN', points: 1, reason: 'x' }))).toMatchObject({ code: 'UserNotFound' });
  });
});

describe('records pages', () => {
  it('pages newest first and filters by date range; another account sees none of it', async () => {
    const member = await makeMember(services.deps.db);
    const days = ['2026-09-01T03:00:00Z', '2026-10-01T03:00:00Z', '2026-10-15T03:00:00Z', '2026-11-01T03:00:00Z'];
    for (const [index, day] of days.entries()) await givePoints(services.deps.db, member.groupId, 40 + index, { at: new Date(day) });
    const caller = callerFor(services.deps, { kind: 'member', userId: member.id });

    const first = await caller.points.records({ pageSize: 3 });
    expect(first.total).toBe(4);
    expect(first.items.map((item) => item.points)).toEqual([430, 420, 410]);
    const second = await caller.points.records({ pageSize: 3, page: 2 });
    expect(second.items.map((item) => item.points)).toEqual([400]);

    const october = await caller.points.records({ from: new Date('2026-10-01T00:00:00Z'), to: new Date('2026-11-01T00:00:00Z') });
    expect(october.items.map((item) => item.points)).toEqual([420, 410]);

    const stranger = await makeMember(services.deps.db);
    expect((await callerFor(services.deps, { kind: 'member', userId: stranger.id }).points.records({})).total).toBe(0);
    expect((await caller.points.transferRecords({})).total).toBe(0);
  });

  it('refuses a reversed range and bad paging, and visitors', async () => {
    const member = await makeMember(services.deps.db);
    const caller = callerFor(services.deps, { kind: 'member', userId: member.id });
    expect(await failure(caller.points.records({ from: new Date('2026-11-02'), to: new Date('2026-11-01') }))).toMatchObject({
      code: 'InvalidInput',
      fieldErrors: { to: ['validation.dateRange'] },
    });
    expect(await failure(caller.points.records({ pageSize: 0 }))).toMatchObject({ code: 'InvalidInput' });
    expect(await failure(caller.points.records({ page: 1.5 }))).toMatchObject({ code: 'InvalidInput' });
    expect(await failure(caller.points.records({ from: 'yesterday' as never }))).toMatchObject({ code: 'InvalidInput' });
    expect(await failure(callerFor(services.deps).points.records({}))).toMatchObject({ code: 'MissingAuthentication' });
    expect(await failure(callerFor(services.deps).points.transferRecords({}))).toMatchObject({ code: 'MissingAuthentication' });
  });
});

describe('CSV export', () => {
  it('streams big5 with the viewer-time-zone dates and one-decimal points, or UTF-8 with a BOM', async () => {
    const member = await makeMember(services.deps.db);
    const finance = await makeStaff(services.deps.db, { permissions: ['points_management'] });
    await givePoints(services.deps.db, member.groupId, 40, { at: new Date('2026-11-20T16:30:05Z') });
    await callerFor(services.deps, { kind: 'staff', staffId: finance.id }).points.admin.grantBonus({ account: member.email, points: 0.5, reason: '新客戶贈點' });
    const account = { groupId: member.groupId };

    const big5 = collector();
    await writeRecordsCsv(services.deps, account, { kind: 'points', encoding: 'big5', timeZone: 'Asia/Taipei', language: 'zh-TW' }, big5.sink);
    const text = iconv.decode(big5.bytes(), 'big5');
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('日期,類別,專案類型,點數,已付款,訂單編號,對象,說明,經辦人');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('贈送點數,M Point,0.5,是');
    expect(lines[1]).toContain('新客戶贈點');
    expect(lines[2]).toMatch(/^2026\/11\/21 00:30:05,購買,M Point,40\.0,是,M/);
    // Really big5: the UTF-8 bytes of 日期 are not in it.
    expect(big5.bytes().includes(Buffer.from('日期'))).toBe(false);

    const utf8 = collector();
    await writeRecordsCsv(services.deps, account, { kind: 'points', encoding: 'utf8', timeZone: 'Europe/Berlin', language: 'en', from: new Date('2026-11-20T00:00:00Z'), to: new Date('2026-11-21T00:00:00Z') }, utf8.sink);
    const utfText = utf8.bytes().toString('utf8');
    expect(utfText.charCodeAt(0)).toBe(0xfeff);
    expect(utfText.slice(1).trim().split('\n')).toEqual(['Date,Kind,Project type,Points,Paid,Order,Counterpart,Reason,By', expect.stringMatching(/^2026\/11\/20 17:30:05,Purchase,M Point,40\.0,Y,M/)]);
  });

  it('walks more rows than one batch', async () => {
    const member = await makeMember(services.deps.db);
    await services.deps.db.insert(pointLedger).values(
      Array.from({ length: 1203 }, (_, index) => ({ groupId: member.groupId, projectType: 9, kind: 'bonus', points: index + 1, isRemit: true, createdBy: 'seed', reason: `r${index}` })),
    );
    const out = collector();
    await writeRecordsCsv(services.deps, { groupId: member.groupId }, { kind: 'points', encoding: 'utf8', timeZone: 'UTC', language: 'en' }, out.sink);
    const lines = out.bytes().toString('utf8').trim().split('\n');
    expect(lines).toHaveLength(1204);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[7])).size).toBe(1203);
  });
});

describe('low-balance alert', () => {
  it('mails the administrator once per crossing below the threshold and shows the banner until back above', async () => {
    const member = await makeMember(services.deps.db);
    await givePoints(services.deps.db, member.groupId, 10);
    const caller = callerFor(services.deps, { kind: 'member', userId: member.id });
    const alertMails = async () => (await services.deps.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, member.email))).filter((mail) => mail.subject.includes('20'));

    expect(await caller.points.setLowBalanceAlert({ threshold: 20 })).toEqual({ threshold: 200, below: false });
    expect((await caller.points.balance()).lowBalance).toEqual({ threshold: 200, below: true });
    expect((await caller.points.balance()).lowBalance.below).toBe(true);
    expect(await alertMails()).toHaveLength(1);
    expect((await alertMails())[0]!.body).toContain('10.0');

    await givePoints(services.deps.db, member.groupId, 15);
    expect((await caller.points.balance()).lowBalance).toEqual({ threshold: 200, below: false });
    expect(await alertMails()).toHaveLength(1);

    expect(await caller.points.setLowBalanceAlert({ threshold: null })).toEqual({ threshold: null, below: false });
    expect((await caller.points.balance()).lowBalance).toEqual({ threshold: null, below: false });
  });

  it('reads an account with no points yet: zero remaining, an empty chart, and its alert below the threshold', async () => {
    const member = await makeMember(services.deps.db);
    const caller = callerFor(services.deps, { kind: 'member', userId: member.id });
    expect(await caller.points.setLowBalanceAlert({ threshold: 1 })).toEqual({ threshold: 10, below: false });
    const balance = await caller.points.balance();
    expect(balance).toMatchObject({ retrieved: true, types: [{ projectType: 9, bought: 0, used: 0, remaining: 0 }], history: [], lowBalance: { threshold: 10, below: true } });
    expect((await caller.points.balance()).lowBalance).toEqual({ threshold: 10, below: true });
  });

  it('tells the management centre banner whether the member\'s own account is below, without a balance read; visitors are refused', async () => {
    const member = await makeMember(services.deps.db);
    const other = await makeMember(services.deps.db);
    await givePoints(services.deps.db, member.groupId, 10);
    const caller = callerFor(services.deps, { kind: 'member', userId: member.id });
    const alertMails = () => mailsTo(services.deps.db, member.email, 'points.lowBalance');
    expect(await caller.points.lowBalance()).toEqual({ threshold: null, below: false });

    await caller.points.setLowBalanceAlert({ threshold: 20 });
    expect(await caller.points.lowBalance()).toEqual({ threshold: 200, below: true });
    expect(await caller.points.lowBalance()).toEqual({ threshold: 200, below: true });
    expect((await caller.points.balance()).lowBalance).toEqual({ threshold: 200, below: true });
    expect(await alertMails()).toHaveLength(1);
    expect(await callerFor(services.deps, { kind: 'member', userId: other.id }).points.lowBalance()).toEqual({ threshold: null, below: false });

    // Points bought or granted lift the banner on the next page, not only once the records page is opened.
    await givePoints(services.deps.db, member.groupId, 15);
    expect(await caller.points.lowBalance()).toEqual({ threshold: 200, below: false });
    expect(await failure(callerFor(services.deps).points.lowBalance())).toMatchObject({ code: 'MissingAuthentication' });
  });

  it('is set by the group administrator only, in whole points', async () => {
    const member = await makeMember(services.deps.db, { isGroupAdmin: false });
    const caller = callerFor(services.deps, { kind: 'member', userId: member.id });
    expect(await failure(caller.points.setLowBalanceAlert({ threshold: 5 }))).toMatchObject({ code: 'Unauthorized', params: { reason: 'notGroupAdmin' } });
    // The words say a whole number (they said 'above 0, one decimal', which is what 2.5 is).
    expect(await failure(caller.points.setLowBalanceAlert({ threshold: 2.5 }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { threshold: ['validation.wholePoints'] } });
    expect(await failure(caller.points.setLowBalanceAlert({ threshold: -1 }))).toMatchObject({ code: 'InvalidInput' });
    expect(await failure(callerFor(services.deps).points.setLowBalanceAlert({ threshold: 5 }))).toMatchObject({ code: 'MissingAuthentication' });
  });
});
