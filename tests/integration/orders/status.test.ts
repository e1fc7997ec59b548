import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchAudit } from '../../../src/server/modules/audit/audit.service';
import type { Actor } from '../../../src/server/trpc/context';
import { makeBuyer, orderForm, plans } from '../../factories/orders';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { mailsTo } from '../../fixtures/mails';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
let basicId: number;
let clerk: Awaited<ReturnType<typeof makeStaff>>;
let cashier: Awaited<ReturnType<typeof makeStaff>>;
let service: Awaited<ReturnType<typeof makeStaff>>;
beforeAll(async () => {
  services = await openTestServices();
  basicId = (await plans(services.deps.db)).basic.id;
  clerk = await makeStaff(services.deps.db, { permissions: ['confirm_order'] });
  cashier = await makeStaff(services.deps.db, { permissions: ['confirm_payment'] });
  service = await makeStaff(services.deps.db, { permissions: ['customer_service'] });
});
afterAll(() => services?.close());

const as = (actor: Actor) => callerFor(services.deps, actor);
const staffCaller = (staffId: string) => as({ kind: 'staff', staffId });

async function placed() {
  const buyer = await makeBuyer(services.deps.db);
  const { orderId } = await as({ kind: 'member', userId: buyer.id }).orders.place(orderForm(basicId));
  return { buyer, orderId, member: as({ kind: 'member', userId: buyer.id }) };
}

describe('the order status machine', () => {
  it('goes 0 → 10 (confirm order) → 20 (confirm payment), logging who did what and mailing the customer and the next staff', async () => {
    const { buyer, orderId, member } = await placed();
    expect((await staffCaller(clerk.id).orders.admin.confirm({ orderId })).status).toBe(10);
    expect((await staffCaller(cashier.id).orders.admin.confirmPayment({ orderId })).status).toBe(20);
    const detail = await member.orders.show({ orderId });
    expect(detail.log.map((entry) => [entry.from, entry.to, entry.actorKind, entry.actorName])).toEqual([
      [null, 0, 'member', buyer.name],
      [0, 10, 'staff', clerk.name],
      [10, 20, 'staff', cashier.name],
    ]);
    expect(detail.paymentTime).toBeInstanceOf(Date);
    expect(detail.actions).toEqual([]);
    expect(await mailsTo(services.deps.db, buyer.email, 'order.confirmed')).toHaveLength(1);
    expect(await mailsTo(services.deps.db, buyer.email, 'order.paymentConfirmed')).toHaveLength(1);
    expect(await mailsTo(services.deps.db, cashier.email, 'order.confirmed.staff')).not.toHaveLength(0);
  });

  it('writes each staff change to the audit log with who, the order and both statuses, and nothing for a refused one', async () => {
    const { orderId } = await placed();
    await staffCaller(clerk.id).orders.admin.confirm({ orderId });
    await failure(staffCaller(clerk.id).orders.admin.confirm({ orderId }));
    const page = await searchAudit(services.deps.db, { target: `order:${orderId}` });
    expect(page.items.map((item) => [item.staffEmail, item.action, item.before, item.after])).toEqual([[clerk.email, 'order.status', { status: 0 }, { status: 10, action: 'confirmOrder' }]]);
  });

  it('lets the member cancel while the order awaits confirmation, and not after', async () => {
    const first = await placed();
    expect((await first.member.orders.cancel({ orderId: first.orderId })).status).toBe(99);
    expect(await mailsTo(services.deps.db, first.buyer.email, 'order.cancelled')).toHaveLength(1);
    expect(await failure(first.member.orders.cancel({ orderId: first.orderId }))).toMatchObject({ code: 'OrderStatusConflict', params: { status: 99 } });

    const second = await placed();
    await staffCaller(clerk.id).orders.admin.confirm({ orderId: second.orderId });
    expect(await failure(second.member.orders.cancel({ orderId: second.orderId }))).toMatchObject({ code: 'OrderStatusConflict', trpcCode: 'CONFLICT', params: { status: 10, action: 'cancel' } });
    expect(await failure(staffCaller(clerk.id).orders.admin.cancel({ orderId: second.orderId }))).toMatchObject({ code: 'OrderStatusConflict' });
    expect((await second.member.orders.show({ orderId: second.orderId })).status).toBe(10);
  });

  it('lets staff with confirm_order cancel an order awaiting confirmation (0 → 99), mailing the customer', async () => {
    const { buyer, orderId, member } = await placed();
    expect((await staffCaller(clerk.id).orders.admin.cancel({ orderId })).status).toBe(99);
    expect((await member.orders.show({ orderId })).log.at(-1)).toMatchObject({ from: 0, to: 99, actorKind: 'staff', actorName: clerk.name });
    expect(await mailsTo(services.deps.db, buyer.email, 'order.cancelled')).toHaveLength(1);
  });

  it('confirms a payment straight to 15, enabling the points, and completes it 15 → 1', async () => {
    const { buyer, orderId, member } = await placed();
    await staffCaller(clerk.id).orders.admin.confirm({ orderId });
    expect((await staffCaller(cashier.id).orders.admin.confirmPayment({ orderId, to: 15 })).status).toBe(15);
    expect(await mailsTo(services.deps.db, buyer.email, 'order.enabled')).toHaveLength(1);
    expect((await member.points.balance()).types[0]).toMatchObject({ projectType: 9, bought: 400 });
    expect((await staffCaller(cashier.id).orders.admin.complete({ orderId })).status).toBe(1);
    expect((await member.orders.show({ orderId })).log.map((entry) => [entry.from, entry.to])).toEqual([
      [null, 0],
      [0, 10],
      [10, 15],
      [15, 1],
    ]);
  });

  it('refuses changes the table does not have: paying before confirming, confirming twice, completing an unpaid order', async () => {
    const { orderId, member } = await placed();
    expect(await failure(staffCaller(cashier.id).orders.admin.confirmPayment({ orderId }))).toMatchObject({ code: 'OrderStatusConflict', params: { status: 0 } });
    expect(await failure(staffCaller(cashier.id).orders.admin.complete({ orderId }))).toMatchObject({ code: 'OrderStatusConflict' });
    await staffCaller(clerk.id).orders.admin.confirm({ orderId });
    expect(await failure(staffCaller(clerk.id).orders.admin.confirm({ orderId }))).toMatchObject({ code: 'OrderStatusConflict', params: { status: 10 } });
    expect((await member.orders.show({ orderId })).log).toHaveLength(2);
  });

  it('lets only staff with the permission of each step act, and a member only on their own group', async () => {
    const { orderId, member } = await placed();
    const stranger = await placed();
    expect(await failure(staffCaller(cashier.id).orders.admin.confirm({ orderId }))).toMatchObject({ code: 'Unauthorized', params: { reason: 'missingPermission' } });
    expect(await failure(staffCaller(service.id).orders.admin.cancel({ orderId }))).toMatchObject({ code: 'Unauthorized' });
    expect(await failure(staffCaller(service.id).orders.admin.list({}))).toMatchObject({ code: 'Unauthorized' });
    expect(await failure(staffCaller(clerk.id).orders.admin.confirmPayment({ orderId }))).toMatchObject({ code: 'Unauthorized' });
    expect(await failure(as({ kind: 'visitor' }).orders.admin.confirm({ orderId }))).toMatchObject({ code: 'MissingAuthentication' });
    expect(await failure(member.orders.admin.confirm({ orderId }))).toMatchObject({ code: 'MissingAuthentication' });
    expect(await failure(stranger.member.orders.cancel({ orderId }))).toMatchObject({ code: 'NotFound' });
    expect(await failure(stranger.member.orders.show({ orderId }))).toMatchObject({ code: 'NotFound' });
    expect((await member.orders.show({ orderId })).status).toBe(0);
    const admin = await makeStaff(services.deps.db, { super: true });
    expect((await staffCaller(admin.id).orders.admin.confirm({ orderId })).status).toBe(10);
  });

  it('lets exactly one of two staff members confirm the same order at once', async () => {
    const { orderId, member } = await placed();
    const other = await makeStaff(services.deps.db, { permissions: ['confirm_order'] });
    const results = await Promise.allSettled([staffCaller(clerk.id).orders.admin.confirm({ orderId }), staffCaller(other.id).orders.admin.confirm({ orderId })]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((result) => result.status === 'rejected');
    expect(await failure(Promise.reject((rejected as PromiseRejectedResult).reason))).toMatchObject({ code: 'OrderStatusConflict' });
    expect((await member.orders.show({ orderId })).log.filter((entry) => entry.to === 10)).toHaveLength(1);
  });

  it('refuses bad order ids and confirm-payment targets with field messages', async () => {
    expect(await failure(staffCaller(clerk.id).orders.admin.confirm({ orderId: 'M1' }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { orderId: ['validation.orders.orderId'] } });
    expect(await failure(staffCaller(clerk.id).orders.admin.confirm({ orderId: 'M202601010019' }))).toMatchObject({ code: 'NotFound' });
    const { orderId } = await placed();
    expect(await failure(staffCaller(cashier.id).orders.admin.confirmPayment({ orderId, to: 2 as 20 }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { to: ['validation.invalid'] } });
  });

  it('lists orders for staff by status and Taipei day, newest first, and the member their own only', async () => {
    const { orderId, member, buyer } = await placed();
    await staffCaller(clerk.id).orders.admin.confirm({ orderId });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date());
    const confirmed = await staffCaller(cashier.id).orders.admin.list({ status: 10, from: today, to: today });
    expect(confirmed.items.map((item) => item.id)).toContain(orderId);
    expect(confirmed.items.every((item) => item.status === 10)).toBe(true);
    expect((await staffCaller(cashier.id).orders.admin.list({ from: '2020-01-01', to: '2020-01-31' })).total).toBe(0);
    expect(await failure(staffCaller(cashier.id).orders.admin.list({ from: '23/11/2026' }))).toMatchObject({ code: 'InvalidInput' });
    // A range that ends before it begins is refused, as the records pages refuse it, not an empty list.
    expect(await failure(staffCaller(cashier.id).orders.admin.list({ from: '2026-12-31', to: '2026-01-01' }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { to: ['validation.dateRange'] } });
    // Years PostgreSQL cannot take as a Taipei day's start are refused as dates, not a database error.
    for (const day of ['0000-01-01', '0001-01-01', '1999-12-31']) {
      expect(await failure(staffCaller(cashier.id).orders.admin.list({ from: day, to: day }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { from: ['validation.orders.date'], to: ['validation.orders.date'] } });
    }
    expect((await staffCaller(cashier.id).orders.admin.list({ from: '2000-01-01', to: '9999-12-31' })).items.map((item) => item.id)).toContain(orderId);
    const mine = await member.orders.mine({});
    expect(mine.items.map((item) => item.id)).toEqual([orderId]);
    expect(mine.items[0]!.createdBy).toBe(buyer.id);
    expect((await staffCaller(clerk.id).orders.admin.show({ orderId })).actions).toEqual([
      { action: 'confirmPayment', to: 20 },
      { action: 'confirmPayment', to: 15 },
      { action: 'confirmPayment', to: 1 },
    ]);
  });

  it('counts the pages of both lists right as orders are placed, move on and are cancelled', async () => {
    const staffList = (status?: 0 | 10 | 99) => staffCaller(cashier.id).orders.admin.list({ status, pageSize: 1 });
    const before = { all: (await staffList()).total, open: (await staffList(0)).total, confirmed: (await staffList(10)).total, cancelled: (await staffList(99)).total };
    const first = await placed();
    const { orderId: second } = await first.member.orders.place(orderForm(basicId));
    const { orderId: third } = await first.member.orders.place(orderForm(basicId));
    await staffCaller(clerk.id).orders.admin.confirm({ orderId: first.orderId });
    await first.member.orders.cancel({ orderId: second });
    // A refused change moves no count.
    await failure(first.member.orders.cancel({ orderId: first.orderId }));

    const mine = await first.member.orders.mine({ pageSize: 2 });
    expect(mine).toMatchObject({ total: 3, newer: null, older: second });
    expect(mine.items.map((item) => item.id)).toEqual([third, second]);
    // The next page by its cursor, and back.
    const next = await first.member.orders.mine({ pageSize: 2, olderThan: mine.older! });
    expect(next).toMatchObject({ total: 3, newer: first.orderId, older: null });
    expect(next.items.map((item) => item.id)).toEqual([first.orderId]);
    const back = await first.member.orders.mine({ pageSize: 2, newerThan: next.newer! });
    expect(back).toMatchObject({ newer: null, older: second });
    expect(back.items.map((item) => item.id)).toEqual([third, second]);
    // Past the oldest order the page is empty, and the count still says how many there are.
    expect(await first.member.orders.mine({ pageSize: 2, olderThan: first.orderId })).toMatchObject({ items: [], total: 3, newer: null, older: null });
    expect(await failure(first.member.orders.mine({ olderThan: 'M1' }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { olderThan: ['validation.orders.orderId'] } });
    expect((await staffList()).total).toBe(before.all + 3);
    expect((await staffList(0)).total).toBe(before.open + 1);
    expect((await staffList(10)).total).toBe(before.confirmed + 1);
    expect((await staffList(99)).total).toBe(before.cancelled + 1);
    // Another group's order as a cursor shows nothing of that group.
    const stranger = await placed();
    expect((await first.member.orders.mine({ pageSize: 2, olderThan: stranger.orderId })).items.every((item) => [third, second, first.orderId].includes(item.id))).toBe(true);
  });
});
