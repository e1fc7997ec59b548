import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, pointPackages } from '../../../src/server/db/schema';
import type { PackageForm } from '../../../src/shared/packages';
import { makeMember } from '../../factories/members';
import { plans } from '../../factories/orders';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
  await plans(services.deps.db);
});
afterAll(() => services?.close());

const names = { 'zh-TW': '企業方案 200 點', en: 'Enterprise, 200 points', 'zh-CN': '企业方案 200 点', ja: 'エンタープライズ 200 ポイント' };
const enterprise: PackageForm = { names, pointsTenths: 2100, priceMinor: 200 * 500_000, projectType: 9, type: 'general', status: 1 };
const asStaff = (staffId: string) => callerFor(services.deps, { kind: 'staff', staffId });

async function packageCount() {
  const [row] = await services.deps.db.select({ value: count() }).from(pointPackages);
  return row!.value;
}

describe('point packages', () => {
  it('shows the active general plans to anyone, cheapest first, with their bonus', async () => {
    const onSale = await callerFor(services.deps).packages.onSale();
    expect(onSale.map((row) => [row.pointsTenths, row.priceMinor, row.bonusTenths])).toEqual([
      [400, 20_000_000, 0],
      [800, 40_000_000, 0],
    ]);
  });

  it('offers the active trial plan to anyone, and none while no trial package is active', async () => {
    const offer = await callerFor(services.deps).packages.trialOffer();
    expect(offer).toMatchObject({ type: 'trial', pointsTenths: 20, priceMinor: 0, status: 1 });
    const manager = await makeStaff(services.deps.db, { permissions: ['points_management'] });
    const values = { names: offer!.names as PackageForm['names'], pointsTenths: offer!.pointsTenths, priceMinor: 0, projectType: 9 as const, type: 'trial' as const };
    await asStaff(manager.id).packages.admin.update({ packageId: offer!.id, values: { ...values, status: 0 } });
    try {
      expect(await callerFor(services.deps).packages.trialOffer()).toBeNull();
    } finally {
      await asStaff(manager.id).packages.admin.update({ packageId: offer!.id, values: { ...values, status: 1 } });
    }
  });

  it('lets staff with points_management create a plan and computes its bonus: points minus price/5000', async () => {
    const manager = await makeStaff(services.deps.db, { permissions: ['points_management'] });
    const created = await asStaff(manager.id).packages.admin.create(enterprise);
    expect(created).toMatchObject({ pointsTenths: 2100, bonusTenths: 100, bonusPercent: 5, type: 'general', status: 1 });
    expect((await callerFor(services.deps).packages.onSale()).map((row) => row.id)).toContain(created.id);
    const hidden = await asStaff(manager.id).packages.admin.update({ packageId: created.id, values: { ...enterprise, status: 0 } });
    expect(hidden.status).toBe(0);
    expect((await callerFor(services.deps).packages.onSale()).map((row) => row.id)).not.toContain(created.id);
    // Both are in the audit log, the edit with what the plan was.
    const audited = await services.deps.db.select().from(auditLog).where(eq(auditLog.target, `package:${created.id}`)).orderBy(asc(auditLog.id));
    expect(audited.map((row) => [row.action, row.staffEmail])).toEqual([
      ['package.create', manager.email],
      ['package.update', manager.email],
    ]);
    expect(audited[1]).toMatchObject({ before: expect.objectContaining({ status: 1, priceMinor: 200 * 500_000 }), after: expect.objectContaining({ status: 0 }) });
  });

  it('refuses members, visitors and staff without points_management, and stores nothing', async () => {
    const before = await packageCount();
    const member = await makeMember(services.deps.db);
    const service = await makeStaff(services.deps.db, { permissions: ['confirm_order', 'confirm_payment'] });
    expect(await failure(callerFor(services.deps).packages.admin.create(enterprise))).toMatchObject({ code: 'MissingAuthentication' });
    expect(await failure(callerFor(services.deps, { kind: 'member', userId: member.id }).packages.admin.create(enterprise))).toMatchObject({ code: 'MissingAuthentication' });
    expect(await failure(asStaff(service.id).packages.admin.create(enterprise))).toMatchObject({ code: 'Unauthorized', params: { reason: 'missingPermission' } });
    expect(await failure(asStaff(service.id).packages.admin.list())).toMatchObject({ code: 'Unauthorized' });
    expect(await packageCount()).toBe(before);
  });

  it.each([
    ['fractional points', { pointsTenths: 1.5 }, 'pointsTenths', 'validation.packages.integer'],
    ['a negative price', { priceMinor: -1 }, 'priceMinor', 'validation.packages.positive'],
    ['a priced bonus plan', { type: 'bonus' as const, priceMinor: 100 }, 'priceMinor', 'validation.packages.bonusPriceZero'],
    ['an unknown project type', { projectType: 7 }, 'projectType', 'validation.invalid'],
    ['an empty Japanese name', { names: { ...names, ja: ' ' } }, 'names.ja', 'validation.required'],
  ])('refuses %s with a field message (parameter error) and stores nothing', async (_case, change, field, message) => {
    const manager = await makeStaff(services.deps.db, { permissions: ['points_management'] });
    const before = await packageCount();
    const refused = await failure(asStaff(manager.id).packages.admin.create({ ...enterprise, ...change } as PackageForm));
    expect(refused).toMatchObject({ trpcCode: 'BAD_REQUEST', code: 'InvalidInput' });
    expect(refused.fieldErrors?.[field]).toContain(message);
    expect(await packageCount()).toBe(before);
  });

  it('keeps one active trial plan: a second is refused by the database constraint, as a field error', async () => {
    const manager = await makeStaff(services.deps.db, { super: true });
    const trial = { ...enterprise, type: 'trial' as const, priceMinor: 0, pointsTenths: 30 };
    const refused = await failure(asStaff(manager.id).packages.admin.create(trial));
    expect(refused).toMatchObject({ code: 'InvalidInput', fieldErrors: { status: ['validation.packages.oneActiveTrial'] } });
    const inactive = await asStaff(manager.id).packages.admin.create({ ...trial, status: 0 });
    expect(inactive.status).toBe(0);
    expect(await failure(asStaff(manager.id).packages.admin.update({ packageId: inactive.id, values: { ...trial, status: 1 } }))).toMatchObject({ code: 'InvalidInput' });
    expect(await failure(asStaff(manager.id).packages.admin.update({ packageId: 999_999, values: enterprise }))).toMatchObject({ code: 'NotFound' });
    // Beyond a PostgreSQL integer: a field error, not a database error.
    expect(await failure(asStaff(manager.id).packages.admin.update({ packageId: 3_000_000_000, values: enterprise }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { packageId: ['validation.invalid'] } });
  });
});
