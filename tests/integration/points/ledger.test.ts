import { asc, count, eq, sql } from 'drizzle-orm';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointBalances, pointLedger, pointLedgerDays, pointUsageDays } from '../../../src/server/db/schema';
import { readBalance } from '../../../src/server/modules/points/balance.service';
import { applyMovements, recordPurchase } from '../../../src/server/modules/points/ledger.service';
import { recordUsage } from '../../../src/server/modules/points/points.repository';
import { taipeiDate } from '../../../src/shared/money';
import { projectType, type ProjectType } from '../../../src/shared/points';
import { makeMember } from '../../factories/members';
import { makeStaff } from '../../factories/staff';
import { makeTeam } from '../../factories/teams';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

/** The statements of migration 0030 (the chart's days moved to Taipei days): the ledger's two, then the usage's four. */
function migration0030(): string[] {
  return fs.readFileSync(new URL('../../../src/server/db/migrations/0030_chart_days_taipei.sql', import.meta.url), 'utf8').split('--> statement-breakpoint');
}

async function ledgerCount(groupId: string) {
  const [row] = await services.deps.db.select({ value: count() }).from(pointLedger).where(eq(pointLedger.groupId, groupId));
  return row!.value;
}

describe('recording a paid purchase (the orders module calls it when enabling an order)', () => {
  it('credits the enterprise account in tenths and shows it as remaining M Points', async () => {
    const member = await makeMember(services.deps.db);
    const entry = await services.deps.db.transaction((tx) =>
      recordPurchase(tx, { groupId: member.groupId, orderId: 'M202611230011', projectType: projectType.mPoint, points: 440, by: 'finance@inspectra.example', at: new Date() }),
    );
    expect(entry).toMatchObject({ kind: 'purchase', points: 440, isRemit: true, orderId: 'M202611230011' });
    const balance = await callerFor(services.deps, { kind: 'member', userId: member.id }).points.balance();
    expect(balance.retrieved).toBe(true);
    expect(balance.types).toEqual([{ projectType: 9, bought: 440, used: 0, remaining: 440 }]);
  });

  it('records an order once: a retried or concurrent enabling of the same order adds nothing', async () => {
    const member = await makeMember(services.deps.db);
    const record = { groupId: member.groupId, orderId: 'M202611230027', projectType: projectType.mPoint, points: 400, by: 'finance@inspectra.example', at: new Date() };
    const results = await Promise.all(Array.from({ length: 20 }, () => services.deps.db.transaction((tx) => recordPurchase(tx, record))));
    expect(new Set(results.map((entry) => entry.id)).size).toBe(1);
    expect(await ledgerCount(member.groupId)).toBe(1);
    const [row] = await services.deps.db.select().from(pointBalances).where(eq(pointBalances.ownerId, member.groupId));
    expect(row!.balance).toBe(400);
  });

  it('keeps 50 concurrent purchases of one account exact', async () => {
    const member = await makeMember(services.deps.db);
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        services.deps.db.transaction((tx) =>
          recordPurchase(tx, { groupId: member.groupId, orderId: `M2026112310${index}`, projectType: projectType.mPoint, points: 15, by: 'finance@inspectra.example', at: new Date() }),
        ),
      ),
    );
    const balance = await callerFor(services.deps, { kind: 'member', userId: member.id }).points.balance();
    expect(balance.types[0]!.remaining).toBe(750);
  });

  it('refuses a non-positive or fractional amount and an unknown project type, and writes nothing', async () => {
    const member = await makeMember(services.deps.db);
    const base = { groupId: member.groupId, orderId: 'M202611230039', projectType: projectType.mPoint, by: 'x', at: new Date() };
    for (const points of [0, -10, 2.5]) {
      await expect(services.deps.db.transaction((tx) => recordPurchase(tx, { ...base, points }))).rejects.toMatchObject({ code: 'TransferPointOutOfRange' });
    }
    await expect(services.deps.db.transaction((tx) => recordPurchase(tx, { ...base, points: 10, projectType: 5 as ProjectType }))).rejects.toMatchObject({ code: 'IncorrectProjectType' });
    expect(await ledgerCount(member.groupId)).toBe(0);
  });

  it('rolls back with the business change that failed after it', async () => {
    const member = await makeMember(services.deps.db);
    await expect(
      services.deps.db.transaction(async (tx) => {
        await recordPurchase(tx, { groupId: member.groupId, orderId: 'M202611230041', projectType: projectType.mPoint, points: 400, by: 'x', at: new Date() });
        throw new Error('the order update failed');
      }),
    ).rejects.toThrow('the order update failed');
    expect(await ledgerCount(member.groupId)).toBe(0);
  });

  it('refuses a credit past what a balance holds with its own error, not a system error, and keeps the balance', async () => {
    // Some 214 million points: staff can make packages and orders that large (the audit's 21st order of 10 million points).
    const member = await makeMember(services.deps.db);
    const purchase = (orderId: string) =>
      services.deps.db.transaction((tx) => recordPurchase(tx, { groupId: member.groupId, orderId, projectType: projectType.mPoint, points: 1_500_000_000, by: 'x', at: new Date() }));
    await purchase('M202611230071');
    await expect(purchase('M202611230081')).rejects.toMatchObject({ code: 'PointBalanceLimit' });
    expect(await ledgerCount(member.groupId)).toBe(1);
    const [balance] = await services.deps.db.select().from(pointBalances).where(eq(pointBalances.groupId, member.groupId));
    expect(balance!.balance).toBe(1_500_000_000);
  });
});

describe('balances', () => {
  it('shows members only the general type, as the sum of every type', async () => {
    const member = await makeMember(services.deps.db);
    const at = new Date();
    await services.deps.db.transaction(async (tx) => {
      await recordPurchase(tx, { groupId: member.groupId, orderId: 'M202611230051', projectType: projectType.mPoint, points: 400, by: 'x', at });
      await recordPurchase(tx, { groupId: member.groupId, orderId: 'M202611230061', projectType: projectType.video, points: 25, by: 'x', at });
    });
    const mine = await callerFor(services.deps, { kind: 'member', userId: member.id }).points.balance();
    expect(mine.types).toEqual([{ projectType: 9, bought: 425, used: 0, remaining: 425 }]);
    // The chart's day is the Taipei calendar day, written as the chart reads it.
    expect(mine.history.at(-1)).toEqual({ day: taipeiDate(at), bought: 425, used: 0 });

    const finance = await makeStaff(services.deps.db, { permissions: ['points_management'] });
    const all = await callerFor(services.deps, { kind: 'staff', staffId: finance.id }).points.admin.balance({ account: member.email });
    expect(all.groupId).toBe(member.groupId);
    expect(all.types.map((figure) => [figure.projectType, figure.remaining])).toEqual([
      [0, 0],
      [1, 25],
      [2, 0],
      [3, 0],
      [9, 425],
    ]);
  });

  it("draws the chart from each Taipei day's credits less transfers out, for the account and its team alike", async () => {
    const { admin, team } = await makeTeam(services.deps.db);
    const groupId = admin.groupId;
    const purchase = (orderId: string, points: number, at: string) =>
      services.deps.db.transaction((tx) => recordPurchase(tx, { groupId, orderId, projectType: projectType.mPoint, points, by: 'x', at: new Date(at) }));
    // 23:30 UTC is already 07:30 of the next day in Taipei, the day the member bought the points on.
    await purchase('M202611010011', 400, '2026-11-01T23:30:00Z');
    await purchase('M202611030011', 100, '2026-11-03T00:10:00Z');
    const movement = { projectType: projectType.mPoint, isRemit: true, by: 'x', at: new Date('2026-11-03T08:00:00Z') } as const;
    await services.deps.db.transaction((tx) =>
      applyMovements(tx, projectType.mPoint, [
        { ...movement, account: { groupId }, points: -150, kind: 'transferOut' },
        { ...movement, account: { groupId, teamId: team.id }, points: 150, kind: 'transferIn' },
      ]),
    );
    // Twenty purchases of one day at once add up on that day's row.
    await Promise.all(Array.from({ length: 20 }, (_, index) => purchase(`M2026110500${index}`, 15, '2026-11-05T10:00:00Z')));

    const account = await readBalance(services.deps, { groupId });
    expect(account.history).toEqual([
      { day: '2026-11-02', bought: 400, used: 0 },
      { day: '2026-11-03', bought: 350, used: 0 },
      { day: '2026-11-05', bought: 650, used: 0 },
    ]);
    expect(account.types.find((figure) => figure.projectType === projectType.mPoint)).toMatchObject({ bought: 650, remaining: 650 });
    expect((await readBalance(services.deps, { groupId, teamId: team.id })).history).toEqual([{ day: '2026-11-03', bought: 150, used: 0 }]);
  });

  it("fills the chart's days of entries written before them, as the writes since add them (migration 0027, on Taipei days since 0030)", async () => {
    const days = () => services.deps.db.select().from(pointLedgerDays).orderBy(asc(pointLedgerDays.ownerId), asc(pointLedgerDays.day));
    const written = await days();
    expect(written.length).toBeGreaterThan(3);
    const backfill = fs.readFileSync(new URL('../../../src/server/db/migrations/0027_point_ledger_days.sql', import.meta.url), 'utf8').split('--> statement-breakpoint')[1]!;
    await services.deps.db.transaction(async (tx) => {
      await tx.delete(pointLedgerDays);
      await tx.execute(sql.raw(backfill));
    });
    // 0027 wrote UTC days: the entries of 23:30 UTC above are on another day than the writes put them.
    expect(await days()).not.toEqual(written);
    await services.deps.db.transaction(async (tx) => {
      for (const statement of migration0030().slice(0, 2)) await tx.execute(sql.raw(statement));
    });
    expect(await days()).toEqual(written);
  });

  it("draws the used line from each Taipei day's last reading of the platform's usage", async () => {
    const member = await makeMember(services.deps.db);
    const groupId = member.groupId;
    await services.deps.db.transaction((tx) => recordPurchase(tx, { groupId, orderId: 'M202611010021', projectType: projectType.mPoint, points: 800, by: 'x', at: new Date('2026-11-01T01:00:00Z') }));
    const reading = (used: number, at: string) => services.deps.db.transaction((tx) => recordUsage(tx, groupId, groupId, projectType.mPoint, used, new Date(at)));
    // Two readings on the 2nd in Taipei (the last counts), one at 07:59 of the 3rd (23:59 UTC on the
    // 2nd), an unchanged one later on the 3rd, one on the 4th.
    await reading(35, '2026-11-02T02:00:00Z');
    await reading(60, '2026-11-02T09:00:00Z');
    await reading(120, '2026-11-02T23:59:00Z');
    await reading(120, '2026-11-03T08:00:00Z');
    await reading(200, '2026-11-04T08:00:00Z');
    // A reading of the 4th that arrives after a later one leaves the day's figure alone.
    await reading(150, '2026-11-04T07:00:00Z');
    expect((await readBalance(services.deps, { groupId })).history).toEqual([
      { day: '2026-11-01', bought: 800, used: 0 },
      { day: '2026-11-02', bought: 800, used: 60 },
      { day: '2026-11-03', bought: 800, used: 120 },
      { day: '2026-11-04', bought: 800, used: 200 },
    ]);
    const rows = await services.deps.db.select().from(pointUsageDays).where(eq(pointUsageDays.ownerId, groupId));
    expect(rows).toHaveLength(3);
  });

  it("keeps each day's last reading of the usage snapshots written before (migration 0028), moved to Taipei days by 0030", async () => {
    const fill = fs.readFileSync(new URL('../../../src/server/db/migrations/0028_point_usage_days.sql', import.meta.url), 'utf8').split('--> statement-breakpoint')[1]!;
    const filled = await services.deps.db
      .transaction(async (tx) => {
        await tx.execute(sql`create temporary table point_usage_snapshots (owner_id text, project_type smallint, used integer, taken_at timestamptz) on commit drop`);
        await tx.execute(sql`insert into point_usage_snapshots values
          ('g-1', 9, 35, '2026-10-01T02:00:00Z'), ('g-1', 9, 60, '2026-10-01T23:30:00Z'), ('g-1', 1, 5, '2026-10-01T12:00:00Z'),
          ('g-1', 9, 90, '2026-10-03T08:00:00Z'), ('t-1', 9, 12, '2026-10-01T08:00:00Z')`);
        await tx.delete(pointUsageDays);
        await tx.execute(sql.raw(fill));
        const read = () => tx.select().from(pointUsageDays).orderBy(asc(pointUsageDays.ownerId), asc(pointUsageDays.day), asc(pointUsageDays.projectType));
        const utcDays = await read();
        for (const statement of migration0030().slice(2)) await tx.execute(sql.raw(statement));
        throw Object.assign(new Error('rolled back'), { rows: { utcDays, taipeiDays: await read() } });
      })
      .catch((error: { rows?: unknown }) => error.rows);
    expect(filled).toEqual({
      utcDays: [
        { ownerId: 'g-1', projectType: 1, day: '2026-10-01', used: 5, readAt: new Date('2026-10-01T12:00:00Z') },
        { ownerId: 'g-1', projectType: 9, day: '2026-10-01', used: 60, readAt: new Date('2026-10-01T23:30:00Z') },
        { ownerId: 'g-1', projectType: 9, day: '2026-10-03', used: 90, readAt: new Date('2026-10-03T08:00:00Z') },
        { ownerId: 't-1', projectType: 9, day: '2026-10-01', used: 12, readAt: new Date('2026-10-01T08:00:00Z') },
      ],
      // 23:30 UTC is 07:30 of the 2nd in Taipei; 12:00 UTC is 20:00 of the 1st.
      taipeiDays: [
        { ownerId: 'g-1', projectType: 1, day: '2026-10-01', used: 5, readAt: new Date('2026-10-01T12:00:00Z') },
        { ownerId: 'g-1', projectType: 9, day: '2026-10-02', used: 60, readAt: new Date('2026-10-01T23:30:00Z') },
        { ownerId: 'g-1', projectType: 9, day: '2026-10-03', used: 90, readAt: new Date('2026-10-03T08:00:00Z') },
        { ownerId: 't-1', projectType: 9, day: '2026-10-01', used: 12, readAt: new Date('2026-10-01T08:00:00Z') },
      ],
    });
  });

  it('is for signed-in members and points staff only', async () => {
    const member = await makeMember(services.deps.db);
    expect(await failure(callerFor(services.deps).points.balance())).toMatchObject({ code: 'MissingAuthentication' });
    const service = await makeStaff(services.deps.db, { permissions: ['customer_service'] });
    expect(await failure(callerFor(services.deps, { kind: 'staff', staffId: service.id }).points.admin.balance({ account: member.email }))).toMatchObject({
      code: 'Unauthorized',
    });
    expect(await failure(callerFor(services.deps, { kind: 'member', userId: member.id }).points.admin.balance({ account: member.email }))).toMatchObject({
      code: 'MissingAuthentication',
    });
    const finance = await makeStaff(services.deps.db, { permissions: ['points_management'] });
    const staffCaller = callerFor(services.deps, { kind: 'staff', staffId: finance.id });
    expect(await failure(staffCaller.points.admin.balance({ account: '' }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { account: ['validation.required'] } });
    expect(await failure(staffCaller.points.admin.balance({ account: 'nobody@nowhere.example' }))).toMatchObject({ code: 'UserNotFound' });
  });

  it('tells staff an account over 254 characters is too long, not that it is missing', async () => {
    const finance = await makeStaff(services.deps.db, { permissions: ['points_management'] });
    const staffCaller = callerFor(services.deps, { kind: 'staff', staffId: finance.id });
    const tooLong = `${'a'.repeat(243)}@example.com`;
    expect(tooLong).toHaveLength(255);
    expect(await failure(staffCaller.points.admin.balance({ account: tooLong }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { account: ['validation.tooLong.254'] } });
    // 254 characters pass the schema: such an account is looked up (and here not found).
    expect(await failure(staffCaller.points.admin.balance({ account: tooLong.slice(1) }))).toMatchObject({ code: 'UserNotFound' });
  });
});
