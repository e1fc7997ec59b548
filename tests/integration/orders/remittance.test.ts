import { eq } from 'drizzle-orm';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { searchAudit } from '../../../src/server/modules/audit/audit.service';
import type { Actor } from '../../../src/server/trpc/context';
import { makeBuyer, orderForm, plans } from '../../factories/orders';
import { makeMember } from '../../factories/members';
import { makeStaff, staffCode } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { serveApiOnLoopback, type LoopbackApi } from '../../fixtures/http';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
let api: LoopbackApi;
let basicId: number;
beforeAll(async () => {
  services = await openTestServices();
  api = await serveApiOnLoopback(services.deps);
  basicId = (await plans(services.deps.db)).basic.id;
});
afterAll(async () => {
  api?.close();
  await services?.close();
});

const as = (actor: Actor) => callerFor(services.deps, actor);
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 7)]);
const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');

async function signIn(path: 'auth.signIn' | 'staff.signIn', email: string, password: string, totpCode?: string): Promise<string> {
  const response = await fetch(`${api.base}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(path === 'staff.signIn' ? { 'x-portal-area': 'admin' } : {}) },
    body: JSON.stringify(superjson.serialize(totpCode ? { email, password, totpCode } : { email, password })),
  });
  expect(response.status).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

async function placedByBuyer(paymentType: 'REMITTANCE' | 'NEWEBPAY_VACC' = 'REMITTANCE') {
  const buyer = await makeBuyer(services.deps.db);
  const member = as({ kind: 'member', userId: buyer.id });
  const { orderId } = await member.orders.place(orderForm(basicId, 1, { paymentType }));
  return { buyer, member, orderId };
}

describe('the remittance report', () => {
  it('takes the last 5 digits while the order awaits confirmation or payment, and staff see them', async () => {
    const { member, orderId } = await placedByBuyer();
    expect(await member.orders.reportRemittance({ orderId, accountDigits: ' 40213 ' })).toEqual({ orderId, accountDigits: '40213' });
    const clerk = await makeStaff(services.deps.db, { permissions: ['confirm_order'] });
    await as({ kind: 'staff', staffId: clerk.id }).orders.admin.confirm({ orderId });
    await member.orders.reportRemittance({ orderId, accountDigits: '88120' });
    expect((await as({ kind: 'staff', staffId: clerk.id }).orders.admin.show({ orderId })).accountDigits).toBe('88120');

    const cashier = await makeStaff(services.deps.db, { permissions: ['confirm_payment'] });
    await as({ kind: 'staff', staffId: cashier.id }).orders.admin.confirmPayment({ orderId });
    expect(await failure(member.orders.reportRemittance({ orderId, accountDigits: '11111' }))).toMatchObject({ code: 'OrderStatusConflict', params: { status: 20 } });
    expect((await member.orders.show({ orderId })).accountDigits).toBe('88120');
  });

  it('refuses digits that are not five, other groups, members who are not the administrator, and virtual-account orders', async () => {
    const { member, orderId, buyer } = await placedByBuyer();
    for (const accountDigits of ['1234', '123456', '12a45', '']) {
      expect(await failure(member.orders.reportRemittance({ orderId, accountDigits }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { accountDigits: ['validation.orders.accountDigits'] } });
    }
    const stranger = await placedByBuyer();
    expect(await failure(stranger.member.orders.reportRemittance({ orderId, accountDigits: '12345' }))).toMatchObject({ code: 'NotFound' });
    const colleague = await makeMember(services.deps.db, { isGroupAdmin: false });
    await services.deps.db.update(users).set({ groupId: buyer.groupId }).where(eq(users.id, colleague.id));
    expect(await failure(as({ kind: 'member', userId: colleague.id }).orders.reportRemittance({ orderId, accountDigits: '12345' }))).toMatchObject({ code: 'Unauthorized' });
    const vacc = await placedByBuyer('NEWEBPAY_VACC');
    expect(await failure(vacc.member.orders.reportRemittance({ orderId: vacc.orderId, accountDigits: '12345' }))).toMatchObject({ code: 'OrderStatusConflict' });
    expect((await member.orders.show({ orderId })).accountDigits).toBeNull();
  });

  it('stores the proof by its bytes for the member and lets staff read it, refusing other types, sizes and people', async () => {
    const { buyer, orderId, member } = await placedByBuyer();
    const cookie = await signIn('auth.signIn', buyer.email, buyer.password);
    const put = (body: Buffer, path = `orders/${orderId}/remittance`, headers: Record<string, string> = { cookie }) =>
      fetch(`${api.base}/member-files/${path}`, { method: 'PUT', headers: { 'content-type': 'application/octet-stream', ...headers }, body: new Uint8Array(body) });

    expect((await member.orders.show({ orderId })).documents).toContainEqual({ kind: 'remittance', available: false });
    expect(await (await put(png)).json()).toEqual({ kind: 'remittance', contentType: 'image/png', size: png.length });
    expect(await (await put(pdf)).json()).toMatchObject({ contentType: 'application/pdf' });
    expect((await member.orders.show({ orderId })).documents).toContainEqual({ kind: 'remittance', available: true });
    const own = await fetch(`${api.base}/member-files/orders/${orderId}/remittance`, { headers: { cookie } });
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await own.arrayBuffer())).toEqual(pdf);

    const html = await put(Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.status).toBe(400);
    expect((await html.json()).code).toBe('InvalidParameterType');
    const huge = await put(Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]));
    expect(huge.status).toBe(413);
    expect((await huge.json()).code).toBe('OutOfRange');
    expect((await put(png, `orders/${orderId}/invoice`)).status).toBe(403);
    expect((await put(png, `orders/${orderId}/terms`)).status).toBe(404);
    expect((await put(png, `orders/M1/remittance`)).status).toBe(404);
    expect((await put(png, undefined, { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await put(png, undefined, {})).status).toBe(401);

    const stranger = await makeBuyer(services.deps.db);
    const strangerCookie = await signIn('auth.signIn', stranger.email, stranger.password);
    expect((await fetch(`${api.base}/member-files/orders/${orderId}/remittance`, { headers: { cookie: strangerCookie } })).status).toBe(404);
    expect((await put(png, undefined, { cookie: strangerCookie })).status).toBe(404);

    const cashier = await makeStaff(services.deps.db, { permissions: ['confirm_payment'] });
    const staffCookie = await signIn('staff.signIn', cashier.email, 'correct horse battery', staffCode(cashier));
    const seen = await fetch(`${api.base}/admin-files/orders/${orderId}/remittance`, { headers: { cookie: staffCookie } });
    expect(seen.status).toBe(200);
    expect(Buffer.from(await seen.arrayBuffer())).toEqual(pdf);
    // The member's cookie opens nothing in the staff area, and a staff member without an order permission is refused.
    expect((await fetch(`${api.base}/admin-files/orders/${orderId}/remittance`, { headers: { cookie } })).status).toBe(401);
    const service = await makeStaff(services.deps.db, { permissions: ['customer_service'] });
    const serviceCookie = await signIn('staff.signIn', service.email, 'correct horse battery', staffCode(service));
    expect((await fetch(`${api.base}/admin-files/orders/${orderId}/remittance`, { headers: { cookie: serviceCookie } })).status).toBe(403);
  });

  it('takes the signed quotation from the member, which staff then read, and not from a stranger', async () => {
    const { buyer, orderId, member } = await placedByBuyer();
    const cookie = await signIn('auth.signIn', buyer.email, buyer.password);
    const put = (headers: Record<string, string>) =>
      fetch(`${api.base}/member-files/orders/${orderId}/signed-quotation`, { method: 'PUT', headers: { 'content-type': 'application/octet-stream', ...headers }, body: new Uint8Array(pdf) });
    const stranger = await makeBuyer(services.deps.db);
    expect((await put({ cookie: await signIn('auth.signIn', stranger.email, stranger.password) })).status).toBe(404);
    expect((await member.orders.show({ orderId })).documents).toContainEqual({ kind: 'signedQuotation', available: false });
    expect(await (await put({ cookie })).json()).toEqual({ kind: 'signedQuotation', contentType: 'application/pdf', size: pdf.length });
    expect((await member.orders.show({ orderId })).documents).toContainEqual({ kind: 'signedQuotation', available: true });
    const cashier = await makeStaff(services.deps.db, { permissions: ['confirm_payment'] });
    const staffCookie = await signIn('staff.signIn', cashier.email, 'correct horse battery', staffCode(cashier));
    const seen = await fetch(`${api.base}/admin-files/orders/${orderId}/signed-quotation`, { headers: { cookie: staffCookie } });
    expect(Buffer.from(await seen.arrayBuffer())).toEqual(pdf);
  });

  it('lets staff with confirm_payment attach the invoice, which the member then downloads', async () => {
    const { buyer, orderId, member } = await placedByBuyer();
    const cashier = await makeStaff(services.deps.db, { permissions: ['confirm_payment'] });
    const clerk = await makeStaff(services.deps.db, { permissions: ['confirm_order'] });
    const staffPut = async (member: typeof cashier) =>
      fetch(`${api.base}/admin-files/orders/${orderId}/invoice`, {
        method: 'PUT',
        headers: { cookie: await signIn('staff.signIn', member.email, 'correct horse battery', staffCode(member)), 'content-type': 'application/octet-stream' },
        body: new Uint8Array(pdf),
      });
    expect((await staffPut(clerk)).status).toBe(403);
    expect((await member.orders.show({ orderId })).documents).toContainEqual({ kind: 'invoice', available: false });
    expect((await staffPut(cashier)).status).toBe(200);
    expect((await searchAudit(services.deps.db, { target: `order:${orderId}`, action: 'order.invoice' })).items.map((item) => item.staffEmail)).toEqual([cashier.email]);
    expect((await member.orders.show({ orderId })).documents).toContainEqual({ kind: 'invoice', available: true });
    const cookie = await signIn('auth.signIn', buyer.email, buyer.password);
    const invoice = await fetch(`${api.base}/member-files/orders/${orderId}/invoice`, { headers: { cookie } });
    expect(Buffer.from(await invoice.arrayBuffer())).toEqual(pdf);
  });
});

/** The remittance report's digits as a Chinese or Japanese input method types them: full-width, the same digits. */
describe('the remittance report with full-width digits', () => {
  it("takes '１２３４５' and stores it as '12345'; other characters are still refused", async () => {
    const buyer = await makeBuyer(services.deps.db);
    const member = as({ kind: 'member', userId: buyer.id });
    const { orderId } = await member.orders.place(orderForm(basicId, 1, { paymentType: 'REMITTANCE' }));

    expect(await member.orders.reportRemittance({ orderId, accountDigits: '１２３４５' })).toEqual({ orderId, accountDigits: '12345' });
    expect((await member.orders.show({ orderId })).accountDigits).toBe('12345');
    // Mixed, with a full-width space around it (the input method's), as typed.
    expect(await member.orders.reportRemittance({ orderId, accountDigits: '\u3000４０2１3\u3000' })).toEqual({ orderId, accountDigits: '40213' });
    expect((await member.orders.show({ orderId })).accountDigits).toBe('40213');

    for (const accountDigits of ['１２３４', '１２３４５６', '１２ａ４５', '一二三四五']) {
      expect(await failure(member.orders.reportRemittance({ orderId, accountDigits }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { accountDigits: ['validation.orders.accountDigits'] } });
    }
    expect((await member.orders.show({ orderId })).accountDigits).toBe('40213');
  });
});
