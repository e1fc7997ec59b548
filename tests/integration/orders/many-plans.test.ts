import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageForm } from '../../../src/shared/packages';
import { makeBuyer, orderForm, plans } from '../../factories/orders';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
  await plans(services.deps.db);
});
afterAll(() => services?.close());

describe('buying with more plans on sale than an order may hold', () => {
  it('takes an order of the chosen plans when 11 general plans are on sale, zero lines and all, and refuses 11 chosen plans with a field error', async () => {
    const manager = await makeStaff(services.deps.db, { permissions: ['points_management'] });
    for (let index = 1; index <= 9; index++) {
      const names = { 'zh-TW': `方案 ${index}`, en: `Plan ${index}`, 'zh-CN': `方案 ${index}`, ja: `プラン ${index}` };
      const plan: PackageForm = { names, pointsTenths: 400 + index * 10, priceMinor: 20_000_000, projectType: 9, type: 'general', status: 1 };
      await callerFor(services.deps, { kind: 'staff', staffId: manager.id }).packages.admin.create(plan);
    }
    const onSale = await callerFor(services.deps).packages.onSale();
    expect(onSale).toHaveLength(11);

    const buyer = await makeBuyer(services.deps.db);
    const member = callerFor(services.deps, { kind: 'member', userId: buyer.id });
    // Every plan on sale, one of them chosen (what /buy-points sent before it sent only the chosen lines).
    const everyLine = onSale.map((row, index) => ({ packageId: row.id, quantity: index === 0 ? 1 : 0 }));
    const placed = await member.orders.place({ ...orderForm(onSale[0]!.id), items: everyLine });
    expect(placed).toMatchObject({ status: 0, created: true });
    expect((await member.orders.show({ orderId: placed.orderId })).items.map((item) => [item.packageId, item.quantity])).toEqual([[onSale[0]!.id, 1]]);

    const tooMany = await failure(member.orders.place({ ...orderForm(onSale[0]!.id), idempotencyKey: randomUUID(), items: onSale.map((row) => ({ packageId: row.id, quantity: 1 })) }));
    expect(tooMany).toMatchObject({ code: 'InvalidInput', fieldErrors: { items: ['validation.invalid'] } });
    const ten = await member.orders.place({ ...orderForm(onSale[0]!.id), items: onSale.slice(0, 10).map((row) => ({ packageId: row.id, quantity: 1 })) });
    expect(ten.created).toBe(true);
  });
});
