import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups } from '../../../src/server/db/schema';
import type { Actor } from '../../../src/server/trpc/context';
import { makeBuyer, orderForm, plans } from '../../factories/orders';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { mailsTo } from '../../fixtures/mails';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
let basicId: number;
let advancedId: number;
let clerk: Awaited<ReturnType<typeof makeStaff>>;
let cashier: Awaited<ReturnType<typeof makeStaff>>;
beforeAll(async () => {
  services = await openTestServices();
  ({ basic: { id: basicId }, advanced: { id: advancedId } } = await plans(services.deps.db));
  clerk = await makeStaff(services.deps.db, { permissions: ['confirm_order'] });
  cashier = await makeStaff(services.deps.db, { permissions: ['confirm_payment'] });
});
afterAll(() => services?.close());

const as = (actor: Actor) => callerFor(services.deps, actor);
const staffCaller = (staffId: string) => as({ kind: 'staff', staffId });

async function paidOrder(packageId = basicId) {
  const buyer = await makeBuyer(services.deps.db);
  const member = as({ kind: 'member', userId: buyer.id });
  const { orderId } = await member.orders.place(orderForm(packageId));
  await staffCaller(clerk.id).orders.admin.confirm({ orderId });
  return { buyer, member, orderId };
}

async function remaining(member: ReturnType<typeof as>) {
  return (await member.points.balance()).types.find((figure) => figure.projectType === 9)?.remaining;
}

async function groupStatusOf(groupId: string) {
  const [row] = await services.deps.db.select({ status: groups.status }).from(groups).where(eq(groups.id, groupId));
  return row!.status;
}

describe('enabling an order', () => {
  it('records the points as a paid purchase, sets the group paid, mails the administrator, then completes', async () => {
    const { buyer, member, orderId } = await paidOrder();
    await staffCaller(cashier.id).orders.admin.confirmPayment({ orderId });
    expect(await remaining(member)).toBe(0);
    expect(await groupStatusOf(buyer.groupId)).toBe(0);

    expect((await staffCaller(cashier.id).orders.admin.enable({ orderId })).status).toBe(15);
    expect(await remaining(member)).toBe(400);
    expect(await groupStatusOf(buyer.groupId)).toBe(1);
    const [mail] = await mailsTo(services.deps.db, buyer.email, 'order.enabled');
    expect(mail!.body).toContain('40.0');

    expect((await staffCaller(cashier.id).orders.admin.complete({ orderId })).status).toBe(1);
    expect(await remaining(member)).toBe(400);
    const records = await member.points.records({});
    expect(JSON.stringify(records)).toContain(orderId);
  });

  it('keeps the second reading: confirm payment straight to complete enables the order at once', async () => {
    const { member, orderId } = await paidOrder(advancedId);
    expect((await staffCaller(cashier.id).orders.admin.confirmPayment({ orderId, to: 1 })).status).toBe(1);
    expect(await remaining(member)).toBe(800);
    expect(await failure(staffCaller(cashier.id).orders.admin.enable({ orderId }))).toMatchObject({ code: 'OrderStatusConflict', params: { status: 1 } });
    expect(await remaining(member)).toBe(800);
  });

  it('grants once when two staff enable the same order at the same moment', async () => {
    const { member, orderId } = await paidOrder();
    await staffCaller(cashier.id).orders.admin.confirmPayment({ orderId });
    const other = await makeStaff(services.deps.db, { permissions: ['confirm_payment'] });
    const results = await Promise.allSettled([staffCaller(cashier.id).orders.admin.enable({ orderId }), staffCaller(other.id).orders.admin.enable({ orderId, complete: true })]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await remaining(member)).toBe(400);
    expect((await member.orders.show({ orderId })).log.filter((entry) => entry.from === 20)).toHaveLength(1);
  });

  it('refuses enabling an unpaid order, and staff without confirm_payment, and grants nothing', async () => {
    const { member, orderId } = await paidOrder();
    expect(await failure(staffCaller(cashier.id).orders.admin.enable({ orderId }))).toMatchObject({ code: 'OrderStatusConflict', params: { status: 10 } });
    await staffCaller(cashier.id).orders.admin.confirmPayment({ orderId });
    expect(await failure(staffCaller(clerk.id).orders.admin.enable({ orderId }))).toMatchObject({ code: 'Unauthorized' });
    expect(await failure(member.orders.admin.enable({ orderId }))).toMatchObject({ code: 'MissingAuthentication' });
    expect(await failure(staffCaller(cashier.id).orders.admin.enable({ orderId, complete: 'yes' as unknown as boolean }))).toMatchObject({ code: 'InvalidInput' });
    expect(await remaining(member)).toBe(0);
  });
});
