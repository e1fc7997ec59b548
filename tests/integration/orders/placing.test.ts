import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDetails, orderLogs, orders, pointPackages } from '../../../src/server/db/schema';
import { taipeiDay } from '../../../src/shared/money';
import type { PlaceOrderForm } from '../../../src/shared/orders';
import { makeMember } from '../../factories/members';
import { makeBuyer, orderForm, plans } from '../../factories/orders';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { mailsTo } from '../../fixtures/mails';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
let basic: Awaited<ReturnType<typeof plans>>['basic'];
let advanced: Awaited<ReturnType<typeof plans>>['advanced'];
beforeAll(async () => {
  services = await openTestServices();
  ({ basic, advanced } = await plans(services.deps.db));
});
afterAll(() => services?.close());

const asMember = (userId: string) => callerFor(services.deps, { kind: 'member', userId });
const withAgent = (userId: string, userAgent: string) => callerFor(services.deps, { kind: 'member', userId }, 'zh-TW', { userAgent });

async function orderCount(groupId?: string) {
  const [row] = await services.deps.db
    .select({ value: count() })
    .from(orders)
    .where(groupId ? eq(orders.groupId, groupId) : undefined);
  return row!.value;
}

describe('placing an order', () => {
  it('computes total, points and bonus on the server, numbers the order by Taipei day and logs the creation', async () => {
    const buyer = await makeBuyer(services.deps.db);
    const staffer = await makeStaff(services.deps.db, { permissions: ['confirm_order'] });
    const form = { ...orderForm(basic.id, 1), items: [{ packageId: basic.id, quantity: 1 }, { packageId: advanced.id, quantity: 2 }], totalMinor: 1, pointsTenths: 99_999 } as PlaceOrderForm;
    const placed = await asMember(buyer.id).orders.place(form);
    expect(placed).toMatchObject({ status: 0, created: true });
    expect(placed.orderId).toMatch(new RegExp(`^M${taipeiDay(new Date())}\\d{4}$`));

    const detail = await asMember(buyer.id).orders.show({ orderId: placed.orderId });
    expect(detail).toMatchObject({ totalMinor: 100_000_000, pointsTenths: 2000, bonusTenths: 0, paymentType: 'REMITTANCE', invoiceType: 'PERSONAL' });
    expect(detail.items.map((item) => [item.packageId, item.quantity, item.subtotalMinor])).toEqual([
      [basic.id, 1, 20_000_000],
      [advanced.id, 2, 80_000_000],
    ]);
    expect(detail.log).toEqual([expect.objectContaining({ from: null, to: 0, actorKind: 'member', actorName: buyer.name })]);
    expect(detail.actions).toEqual([{ action: 'cancel', to: 99 }]);

    const [customerMail] = await mailsTo(services.deps.db, buyer.email, 'order.placed');
    expect(customerMail!.body).toContain(placed.orderId);
    expect(customerMail!.body).toContain('TWD');
    expect(await mailsTo(services.deps.db, staffer.email, 'order.placed.staff')).toHaveLength(1);
  });

  it('queues no order mail, to the customer or to staff, while the mail feature flag is off', async () => {
    const buyer = await makeBuyer(services.deps.db);
    const staffer = await makeStaff(services.deps.db, { permissions: ['confirm_order'] });
    const quiet = { ...services.deps, config: { ...services.deps.config, MAIL_NOTIFICATIONS: false } };
    const { orderId } = await callerFor(quiet, { kind: 'member', userId: buyer.id }).orders.place(orderForm(basic.id, 1));
    await callerFor(quiet, { kind: 'member', userId: buyer.id }).orders.cancel({ orderId });
    expect(await mailsTo(services.deps.db, buyer.email)).toEqual([]);
    expect(await mailsTo(services.deps.db, staffer.email)).toEqual([]);
  });

  it('creates a virtual-account order at status 2, moves it to 10 with its issued account, and keeps the company invoice data', async () => {
    const buyer = await makeBuyer(services.deps.db);
    const placed = await asMember(buyer.id).orders.place(orderForm(basic.id, 1, { paymentType: 'NEWEBPAY_VACC', invoiceType: 'COMPANY', invoiceCompanyName: '晟弘精密', invoiceTaxId: '24536806' }));
    const detail = await asMember(buyer.id).orders.show({ orderId: placed.orderId });
    expect(placed.status).toBe(10);
    expect(detail).toMatchObject({ status: 10, invoiceCompanyName: '晟弘精密', invoiceTaxId: '24536806', virtualAccount: { bankCode: '812' } });
    expect(detail.log.map((entry) => [entry.from, entry.to, entry.actorKind])).toEqual([
      [null, 2, 'member'],
      [2, 10, 'system'],
    ]);
  });

  it('makes one order of one idempotency key, sent twice or ten times at once', async () => {
    const buyer = await makeBuyer(services.deps.db);
    const form = orderForm(basic.id);
    const first = await asMember(buyer.id).orders.place(form);
    const again = await asMember(buyer.id).orders.place(form);
    expect(again).toEqual({ ...first, created: false });

    const burst = orderForm(advanced.id);
    const results = await Promise.all(Array.from({ length: 10 }, () => asMember(buyer.id).orders.place(burst)));
    expect(new Set(results.map((result) => result.orderId)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(await orderCount(buyer.groupId)).toBe(2);
  });

  it('gives 100 concurrent orders 100 different ids with consecutive daily numbers', async () => {
    const buyers = await Promise.all(Array.from({ length: 5 }, () => makeBuyer(services.deps.db)));
    const results = await Promise.all(Array.from({ length: 100 }, (_, index) => asMember(buyers[index % 5]!.id).orders.place(orderForm(basic.id))));
    const ids = results.map((result) => result.orderId);
    expect(new Set(ids).size).toBe(100);
    const numbers = ids.map((id) => Number(id.slice(9, 12))).sort((a, b) => a - b);
    expect(numbers.every((number, index) => index === 0 || number === numbers[index - 1]! + 1)).toBe(true);
  }, 120_000);

  it('refuses an incomplete profile with what is missing, and iOS, and a member who is not the administrator', async () => {
    const incomplete = await makeMember(services.deps.db);
    expect(await failure(asMember(incomplete.id).orders.place(orderForm(basic.id)))).toMatchObject({ code: 'ProfileIncomplete', trpcCode: 'PRECONDITION_FAILED' });
    const buyer = await makeBuyer(services.deps.db);
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    expect(await failure(withAgent(buyer.id, iphone).orders.place(orderForm(basic.id)))).toMatchObject({ code: 'PurchaseOnIos' });
    const colleague = await makeBuyer(services.deps.db, { isGroupAdmin: false });
    expect(await failure(asMember(colleague.id).orders.place(orderForm(basic.id)))).toMatchObject({ code: 'Unauthorized', params: { reason: 'notGroupAdmin' } });
    expect(await failure(callerFor(services.deps).orders.place(orderForm(basic.id)))).toMatchObject({ code: 'MissingAuthentication' });
    const staffer = await makeStaff(services.deps.db, { super: true });
    expect(await failure(callerFor(services.deps, { kind: 'staff', staffId: staffer.id }).orders.place(orderForm(basic.id)))).toMatchObject({ code: 'MissingAuthentication' });
    for (const member of [incomplete, buyer, colleague]) expect(await orderCount(member.groupId)).toBe(0);
  });

  it.each<[string, (ids: { basic: number }) => PlaceOrderForm, string, string]>([
    ['no plan', (ids) => orderForm(ids.basic, 0), 'items', 'validation.orders.selectPlan'],
    ['a negative quantity', (ids) => orderForm(ids.basic, -1), 'items.0.quantity', 'validation.orders.quantity'],
    ['a fractional quantity', (ids) => orderForm(ids.basic, 1.5), 'items.0.quantity', 'validation.orders.quantity'],
    ['an unknown package', () => orderForm(987_654), 'items', 'validation.orders.packageUnavailable'],
    ['a company invoice without tax id', (ids) => orderForm(ids.basic, 1, { invoiceType: 'COMPANY', invoiceCompanyName: '晟弘' }), 'invoiceTaxId', 'validation.required'],
    ['a wrong tax id', (ids) => orderForm(ids.basic, 1, { invoiceType: 'COMPANY', invoiceCompanyName: '晟弘', invoiceTaxId: '12345678' }), 'invoiceTaxId', 'validation.orders.taxId'],
    ['payment type NONE', (ids) => orderForm(ids.basic, 1, { paymentType: 'NONE' as 'REMITTANCE' }), 'paymentType', 'validation.required'],
    ['a malformed idempotency key', (ids) => orderForm(ids.basic, 1, { idempotencyKey: 'twice' }), 'idempotencyKey', 'validation.invalid'],
    ['a package id beyond a 32-bit integer', () => orderForm(3_000_000_000), 'items.0.packageId', 'validation.invalid'],
    // Wide characters count 2 (spec section 5): 51 of them are 102, over the invoice company name's 100.
    ['a company name of 51 wide characters', (ids) => orderForm(ids.basic, 1, { invoiceType: 'COMPANY', invoiceCompanyName: '晟'.repeat(51), invoiceTaxId: '24536806' }), 'invoiceCompanyName', 'validation.tooLong.100'],
    ['a remark of 101 wide characters', (ids) => orderForm(ids.basic, 1, { remark: '備'.repeat(101) }), 'remark', 'validation.tooLong.200'],
  ])('refuses %s with a field message and stores nothing', async (_case, form, field, message) => {
    const buyer = await makeBuyer(services.deps.db);
    const refused = await failure(asMember(buyer.id).orders.place(form({ basic: basic.id })));
    expect(refused).toMatchObject({ code: 'InvalidInput', trpcCode: 'BAD_REQUEST' });
    expect(refused.fieldErrors?.[field]).toContain(message);
    expect(await orderCount(buyer.groupId)).toBe(0);
  });

  it('takes an invoice company name of 50 wide characters and a remark of 100, counted as 2 each', async () => {
    const buyer = await makeBuyer(services.deps.db);
    const placed = await asMember(buyer.id).orders.place(orderForm(basic.id, 1, { invoiceType: 'COMPANY', invoiceCompanyName: '晟'.repeat(50), invoiceTaxId: '24536806', remark: '備'.repeat(100) }));
    expect(await asMember(buyer.id).orders.show({ orderId: placed.orderId })).toMatchObject({ invoiceCompanyName: '晟'.repeat(50), remark: '備'.repeat(100) });
  });

  it('refuses an inactive or trial package and leaves no order, detail or log behind', async () => {
    const buyer = await makeBuyer(services.deps.db);
    const [retired] = await services.deps.db
      .insert(pointPackages)
      .values({ names: basic.names, pointsTenths: 400, priceMinor: 20_000_000, projectType: 9, type: 'general', status: 0 })
      .returning();
    const [trial] = await services.deps.db.select().from(pointPackages).where(eq(pointPackages.type, 'trial'));
    const [detailsBefore] = await services.deps.db.select({ value: count() }).from(orderDetails);
    const [logsBefore] = await services.deps.db.select({ value: count() }).from(orderLogs);
    for (const packageId of [retired!.id, trial!.id]) {
      const refused = await failure(asMember(buyer.id).orders.place({ ...orderForm(packageId, 20), idempotencyKey: randomUUID() }));
      expect(refused.fieldErrors?.items).toEqual(['validation.orders.packageUnavailable']);
    }
    expect(await orderCount(buyer.groupId)).toBe(0);
    expect((await services.deps.db.select({ value: count() }).from(orderDetails))[0]!.value).toBe(detailsBefore!.value);
    expect((await services.deps.db.select({ value: count() }).from(orderLogs))[0]!.value).toBe(logsBefore!.value);
  });
});
