import { eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups } from '../../../src/server/db/schema';
import type { Actor } from '../../../src/server/trpc/context';
import { makeBuyer, orderForm, plans } from '../../factories/orders';
import { makeStaff, staffCode } from '../../factories/staff';
import { serveApiOnLoopback, type LoopbackApi } from '../../fixtures/http';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
let api: LoopbackApi;
let basicId: number;
let staffCookie: string;
beforeAll(async () => {
  services = await openTestServices();
  api = await serveApiOnLoopback(services.deps);
  basicId = (await plans(services.deps.db)).basic.id;
  const clerk = await makeStaff(services.deps.db, { permissions: ['confirm_order'] });
  staffCookie = await signIn('staff.signIn', clerk.email, 'correct horse battery', staffCode(clerk));
});
afterAll(async () => {
  api?.close();
  await services?.close();
});

const as = (actor: Actor) => callerFor(services.deps, actor);

async function signIn(path: 'auth.signIn' | 'staff.signIn', email: string, password: string, totpCode?: string): Promise<string> {
  const response = await fetch(`${api.base}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(path === 'staff.signIn' ? { 'x-portal-area': 'admin' } : {}) },
    body: JSON.stringify(superjson.serialize(totpCode ? { email, password, totpCode } : { email, password })),
  });
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

const exportCsv = (query: string, cookie = staffCookie) => fetch(`${api.base}/admin-files/orders.csv?${query}`, { headers: { cookie } });

describe('the staff order export', () => {
  it('writes the filtered orders as Big5 by default and UTF-8 with a byte-order mark on request', async () => {
    const buyer = await makeBuyer(services.deps.db);
    const member = as({ kind: 'member', userId: buyer.id });
    const first = await member.orders.place(orderForm(basicId, 2, { invoiceType: 'COMPANY', invoiceCompanyName: '晟弘精密工業股份有限公司', invoiceTaxId: '24536806' }));
    const second = await member.orders.place(orderForm(basicId));
    await member.orders.cancel({ orderId: second.orderId });
    await member.orders.reportRemittance({ orderId: first.orderId, accountDigits: '40213' });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date());

    const big5 = await exportCsv(`status=0&from=${today}&to=${today}`);
    expect(big5.status).toBe(200);
    expect(big5.headers.get('content-type')).toBe('text/csv; charset=big5');
    expect(big5.headers.get('content-disposition')).toBe(`attachment; filename="orders-${today}-${today}.csv"`);
    const text = iconv.decode(Buffer.from(await big5.arrayBuffer()), 'big5');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('訂單編號,建立時間,狀態,付款方式,公司名稱,點數,贈送點數,金額 (TWD),發票類型,發票抬頭,統一編號,匯款帳號末 5 碼,付款時間');
    const row = lines.find((line) => line.startsWith(first.orderId))!;
    expect(row).toContain(',訂單待確認,匯款,');
    expect(row).toContain(',80.0,');
    expect(row).toContain(',400000.00,公司,晟弘精密工業股份有限公司,24536806,40213,');
    expect(text).not.toContain(second.orderId);

    const utf8 = await exportCsv(`encoding=utf8&status=99&from=${today}`);
    const bytes = Buffer.from(await utf8.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const utf8Text = bytes.toString('utf8');
    expect(utf8Text).toContain(`${second.orderId},`);
    expect(utf8Text).toContain(',已取消,');
    expect(utf8Text).not.toContain(first.orderId);
  });

  it('refuses bad filters with field messages, members, and staff without an order permission', async () => {
    const bad = await exportCsv('from=23/11/2026&encoding=latin1&status=7');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      code: 'InvalidInput',
      params: {},
      fieldErrors: { status: ['validation.invalid'], from: ['validation.orders.date'], encoding: ['validation.invalid'] },
    });
    const ancient = await exportCsv('from=0001-01-01&to=0000-01-01');
    expect(ancient.status).toBe(400);
    expect(await ancient.json()).toEqual({ code: 'InvalidInput', params: {}, fieldErrors: { from: ['validation.orders.date'], to: ['validation.orders.date'] } });
    const buyer = await makeBuyer(services.deps.db);
    expect((await exportCsv('', await signIn('auth.signIn', buyer.email, buyer.password))).status).toBe(401);
    const trainer = await makeStaff(services.deps.db, { permissions: ['manage_course'] });
    const refused = await exportCsv('', await signIn('staff.signIn', trainer.email, 'correct horse battery', staffCode(trainer)));
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe('Unauthorized');
  });
});

describe('text cells of the order export', () => {
  it('are written with a leading quote when a spreadsheet would run them as formulas; amounts stay numbers', async () => {
    const buyer = await makeBuyer(services.deps.db);
    const hyperlink = '=HYPERLINK("http://evil.example","x")';
    await services.deps.db.update(groups).set({ companyName: hyperlink }).where(eq(groups.id, buyer.groupId));
    const placed = await as({ kind: 'member', userId: buyer.id }).orders.place(orderForm(basicId, 1, { invoiceType: 'COMPANY', invoiceCompanyName: '@SUM(A1:A9) 工業', invoiceTaxId: '24536806' }));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date());

    for (const encoding of ['utf8', 'big5'] as const) {
      const response = await exportCsv(`encoding=${encoding}&from=${today}`);
      expect(response.status).toBe(200);
      const row = iconv.decode(Buffer.from(await response.arrayBuffer()), encoding).split(/\r?\n/).find((line) => line.startsWith(placed.orderId))!;
      expect(row).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",40.0,`);
      expect(row).toContain(`,200000.00,公司,'@SUM(A1:A9) 工業,24536806,`);
    }
  });
});
