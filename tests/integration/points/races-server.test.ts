import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, platformDeliveries, pointAlerts, pointBalances, teams, users } from '../../../src/server/db/schema';
import { insertUser } from '../../../src/server/modules/accounts/accounts.repository';
import { userStatus } from '../../../src/shared/accounts';
import { platformDomainKey } from '../../../src/shared/platform';
import { projectType } from '../../../src/shared/points';
import { makeBuyer, orderForm, plans } from '../../factories/orders';
import { givePoints } from '../../factories/points';
import { makeStaff } from '../../factories/staff';
import { makeTeam } from '../../factories/teams';
import { mailsTo } from '../../fixtures/mails';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

/**
 * Interleavings of points and orders that only two sessions can produce. The embedded database runs
 * every transaction in its one session, one after another, so these run where CI runs the
 * integration suite against the PostgreSQL server. A table lock held by a third session holds one
 * side at a known step while the other goes ahead.
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let services: TestServices;
beforeAll(async () => {
  if (onServer) services = await openTestServices();
});
afterAll(() => services?.close());

/** Waits until some session of the test database waits on a lock. */
async function someoneWaits() {
  for (let tries = 0; tries < 100; tries++) {
    const { rows } = await services.database.pool.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
    if (rows[0]!.n > 0) return;
    await sleep(50);
  }
  throw new Error('nobody waited on a lock');
}

describe.runIf(onServer)('races between sessions', () => {
  it('keeps an account on one platform domain when trial points are approved while its first order is enabled', { timeout: 30_000 }, async () => {
    const db = services.deps.db;
    const { basic } = await plans(db);
    const staff = await makeStaff(db, { permissions: ['apply_points', 'confirm_order', 'confirm_payment'] });
    const asStaff = callerFor(services.deps, { kind: 'staff', staffId: staff.id });
    const admin = await makeBuyer(db);
    // A colleague in the same enterprise account (no platform domain yet) applies for trial points.
    const colleague = await insertUser(db, {
      name: '陳小華',
      email: `colleague-${Date.now()}@hsinchu-optics.example`,
      passwordHash: 'x',
      passwordChangedAt: new Date(),
      status: userStatus.active,
      emailVerifiedAt: new Date(),
      termsAcceptedAt: new Date(),
      groupId: admin.groupId,
      isGroupAdmin: false,
      language: 'zh-TW',
    });
    const application = await callerFor(services.deps, { kind: 'member', userId: colleague.id }).points.applyForTrial({ reason: '想先試用瑕疵檢測' });
    const { orderId } = await callerFor(services.deps, { kind: 'member', userId: admin.id }).orders.place(orderForm(basic.id));
    await asStaff.orders.admin.confirm({ orderId });

    // The approval is held where it writes the trial platform account; the order is enabled meanwhile.
    const holder = await services.database.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table platform_accounts in share mode');
      const approving = asStaff.points.admin.approveTrial({ id: application.id });
      await someoneWaits();
      const enabling = asStaff.orders.admin.confirmPayment({ orderId, to: 1 });
      await sleep(300);
      await holder.query('rollback');
      await Promise.all([approving, enabling]);
    } finally {
      holder.release();
    }

    const [group] = await db.select({ domainKey: groups.domainKey }).from(groups).where(eq(groups.id, admin.groupId));
    const sent = await db.select({ call: platformDeliveries.call, domainKey: platformDeliveries.domainKey }).from(platformDeliveries).where(eq(platformDeliveries.sequenceKey, admin.groupId));
    // The 40 bought and the 2 trial points, and both accounts, go to the platform the account is on.
    expect(sent.filter((delivery) => delivery.call === 'purchase-record')).toHaveLength(2);
    expect(new Set(sent.map((delivery) => delivery.domainKey))).toEqual(new Set([group!.domainKey]));
    const [member] = await db.select({ trial: users.trialPlatformStatus }).from(users).where(eq(users.id, colleague.id));
    expect(member!.trial).toBe(1);
  });
});

describe.runIf(onServer)('transfers of several project types', () => {
  it('run beside transfers of one type of the same account without a deadlock', { timeout: 60_000 }, async () => {
    const db = services.deps.db;
    const { team, admin } = await makeTeam(db);
    await db.update(groups).set({ domainKey: platformDomainKey.cloudA }).where(eq(groups.id, admin.groupId));
    await db.update(teams).set({ domainKey: platformDomainKey.cloudA }).where(eq(teams.id, team.id));
    await givePoints(db, admin.groupId, 1000, { projectType: projectType.data });
    await givePoints(db, admin.groupId, 1000, { projectType: projectType.mPoint });
    const caller = callerFor(services.deps, { kind: 'member', userId: admin.id });
    // The team holds some first, so that a transfer back never finds it empty (a refusal, not a race).
    await caller.points.transfer({ teamId: team.id, direction: 'toTeam', transferList: [{ projectType: projectType.mPoint, points: 5 }] });
    const failures: unknown[] = [];
    for (let round = 0; round < 15; round++) {
      const results = await Promise.allSettled([
        caller.points.transfer({ teamId: team.id, direction: 'toTeam', transferList: [{ projectType: projectType.data, points: 1 }, { projectType: projectType.mPoint, points: 1 }] }),
        caller.points.transfer({ teamId: team.id, direction: 'toTeam', transferList: [{ projectType: projectType.mPoint, points: 1 }] }),
        caller.points.transfer({ teamId: team.id, direction: 'toAccount', transferList: [{ projectType: projectType.mPoint, points: 1 }] }),
      ]);
      failures.push(...results.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : [])));
    }
    expect(failures).toEqual([]);
    const balances = await db.select({ ownerId: pointBalances.ownerId, projectType: pointBalances.projectType, balance: pointBalances.balance }).from(pointBalances).where(eq(pointBalances.groupId, admin.groupId));
    const of = (ownerId: string, type: number) => balances.find((row) => row.ownerId === ownerId && row.projectType === type)?.balance ?? 0;
    // 15 data points and 5 + 15 + 15 - 15 M Points went to the team.
    expect([of(admin.groupId, projectType.data), of(team.id, projectType.data)]).toEqual([9850, 150]);
    expect([of(admin.groupId, projectType.mPoint), of(team.id, projectType.mPoint)]).toEqual([9800, 200]);
  });
});

describe.runIf(onServer)('the low-balance alert under transfers both ways at once', () => {
  it('ends each round agreeing with the balance, and mails the next crossing', { timeout: 120_000 }, async () => {
    const db = services.deps.db;
    const disagreements: string[] = [];
    const unmailed: string[] = [];
    for (let trial = 0; trial < 40; trial++) {
      const { team, admin } = await makeTeam(db);
      await db.update(groups).set({ domainKey: platformDomainKey.cloudA }).where(eq(groups.id, admin.groupId));
      await db.update(teams).set({ domainKey: platformDomainKey.cloudA }).where(eq(teams.id, team.id));
      await givePoints(db, admin.groupId, 155);
      const caller = callerFor(services.deps, { kind: 'member', userId: admin.id });
      await caller.points.transfer({ teamId: team.id, direction: 'toTeam', transferList: [{ projectType: 9, points: 100 }] });
      await caller.points.setLowBalanceAlert({ threshold: 50 });
      // 55 points, a threshold of 50: ten points out and ten back at once, six times.
      for (let round = 0; round < 6; round++) {
        await Promise.all([
          caller.points.transfer({ teamId: team.id, direction: 'toTeam', transferList: [{ projectType: 9, points: 10 }] }),
          caller.points.transfer({ teamId: team.id, direction: 'toAccount', transferList: [{ projectType: 9, points: 10 }] }),
        ]);
      }
      // As the transfers left it (the banner's query would note the balance again and mend it).
      const [alert] = await db.select({ below: pointAlerts.below }).from(pointAlerts).where(eq(pointAlerts.groupId, admin.groupId));
      if (alert!.below) disagreements.push(`trial ${trial}: below at 55 points`);
      const before = (await mailsTo(db, admin.email, 'points.lowBalance')).length;
      await caller.points.transfer({ teamId: team.id, direction: 'toTeam', transferList: [{ projectType: 9, points: 10 }] });
      if ((await mailsTo(db, admin.email, 'points.lowBalance')).length !== before + 1) unmailed.push(`trial ${trial}: 55 -> 45 not mailed`);
    }
    expect(disagreements).toEqual([]);
    expect(unmailed).toEqual([]);
  });
});
