import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointBalances, pointLedger } from '../../../src/server/db/schema';
import { recordPurchase } from '../../../src/server/modules/points/ledger.service';
import { projectType, type ProjectType } from '../../../src/shared/points';
import { makeMember } from '../../factories/members';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

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
    // The chart's day is the UTC calendar day, written as the chart reads it.
    expect(mine.history.at(-1)).toEqual({ day: at.toISOString().slice(0, 10), bought: 425, used: 0 });

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
});
