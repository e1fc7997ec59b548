import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOrderFile } from '../../../src/server/modules/orders/order-files.service';
import type { Actor } from '../../../src/server/trpc/context';
import { makeBuyer, orderForm, plans } from '../../factories/orders';
import { makeStaff, staffCode } from '../../factories/staff';
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

async function signIn(path: 'auth.signIn' | 'staff.signIn', email: string, password: string, totpCode?: string): Promise<string> {
  const response = await fetch(`${api.base}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(path === 'staff.signIn' ? { 'x-portal-area': 'admin' } : {}) },
    body: JSON.stringify(superjson.serialize(totpCode ? { email, password, totpCode } : { email, password })),
  });
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

/** The text a reader copies out of the PDF: proves the CJK glyphs are embedded with their Unicode mapping. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes) }).promise;
  const pages = await Promise.all(Array.from({ length: pdf.numPages }, (_, index) => pdf.getPage(index + 1)));
  const contents = await Promise.all(pages.map((page) => page.getTextContent()));
  return contents.flatMap((content) => content.items.map((item) => ('str' in item ? item.str : ''))).join('');
}

async function download(area: 'member-files' | 'admin-files', orderId: string, kind: string, cookie: string) {
  const response = await fetch(`${api.base}/${area}/orders/${orderId}/${kind}`, { headers: { cookie } });
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('the order documents', () => {
  it("renders the quotation in the member's language (Japanese), with the order, amounts, bank account and validity, and keeps it", async () => {
    const buyer = await makeBuyer(services.deps.db, { language: 'ja' });
    const { orderId } = await as({ kind: 'member', userId: buyer.id }).orders.place(orderForm(basicId, 2, { invoiceType: 'COMPANY', invoiceCompanyName: '晟弘精密工業股份有限公司', invoiceTaxId: '24536806' }));
    const cookie = await signIn('auth.signIn', buyer.email, buyer.password);
    const quotation = await download('member-files', orderId, 'quotation', cookie);
    expect(quotation).toMatchObject({ status: 200, type: 'application/pdf' });
    expect(quotation.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(quotation.bytes);
    expect(text).toContain('ポイント見積書');
    expect(text).toContain(orderId);
    expect(text).toContain('晟弘精密工業股份有限公司');
    expect(text).toContain('24536806');
    expect(text).toContain('400,000.00');
    expect(text).toContain('200,000.00');
    expect(text).toContain('臺灣銀行 (004) 臺中分行');
    expect(text).toContain('004-001-23456-7');
    expect(text).toContain('お振込み後、注文ページで振込元口座の下 5 桁をご報告');
    const placedDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date()).replaceAll('-', '/');
    const validDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date(Date.now() + 30 * 86_400_000)).replaceAll('-', '/');
    expect(text).toContain(`見積日 ${placedDay}`);
    expect(text).toContain(`有効期限 ${validDay}`);

    const again = await download('member-files', orderId, 'quotation', cookie);
    expect(again.bytes.equals(quotation.bytes)).toBe(true);
    const clerk = await makeStaff(services.deps.db, { permissions: ['confirm_order'] });
    const seenByStaff = await download('admin-files', orderId, 'quotation', await signIn('staff.signIn', clerk.email, 'correct horse battery', staffCode(clerk)));
    expect(seenByStaff.bytes.equals(quotation.bytes)).toBe(true);

    const stranger = await makeBuyer(services.deps.db);
    expect((await download('member-files', orderId, 'quotation', await signIn('auth.signIn', stranger.email, stranger.password))).status).toBe(404);
  });

  it('tells the buyer of a virtual-account order to pay into its virtual account (number, bank code, deadline), not to remit to the bank account, in each language', async () => {
    const expected = {
      'zh-TW': ['付款方式：虛擬帳號', '轉入訂單頁面顯示的虛擬帳號', '銀行代碼', '繳費期限', '末 5 碼'],
      en: ['Payment: virtual account', 'transfer the total to the virtual account shown on the order page', 'Bank code', 'Pay by', 'last 5 digits'],
      'zh-CN': ['付款方式：虚拟账号', '转入订单页面显示的虚拟账号', '银行代码', '缴费期限', '后 5 位'],
      ja: ['お支払い方法：バーチャル口座', '注文ページに表示されたバーチャル口座へ合計金額をお振込みください', '銀行コード', 'お支払期限', '下 5 桁'],
    } as const;
    for (const [language, [title, note, bankCode, deadline, remittanceReport]] of Object.entries(expected)) {
      const buyer = await makeBuyer(services.deps.db, { language: language as keyof typeof expected });
      const member = as({ kind: 'member', userId: buyer.id });
      const { orderId } = await member.orders.place(orderForm(basicId, 1, { paymentType: 'NEWEBPAY_VACC' }));
      const { virtualAccount } = await member.orders.show({ orderId });
      const text = await pdfText((await download('member-files', orderId, 'quotation', await signIn('auth.signIn', buyer.email, buyer.password))).bytes);
      expect(text).toContain(title);
      expect(text).toContain(note);
      expect(text).toContain(`${bankCode} ${virtualAccount!.bankCode}`);
      expect(text).toContain(virtualAccount!.account);
      const due = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(virtualAccount!.expiresAt).replaceAll('-', '/');
      expect(text).toContain(`${deadline} ${due}`);
      expect(text).not.toContain('004-001-23456-7');
      expect(text).not.toContain(remittanceReport);
    }
  });

  it("states no validity later than a virtual-account order's payment deadline, and a total without tax wording", async () => {
    const taipeiDay = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(date).replaceAll('-', '/');
    const labels = { 'zh-TW': ['有效期限', '合計 (TWD)'], en: ['Valid until', 'Total (TWD)'], 'zh-CN': ['有效期限', '合计 (TWD)'], ja: ['有効期限', '合計（TWD）'] } as const;
    for (const [language, [validUntil, total]] of Object.entries(labels)) {
      const buyer = await makeBuyer(services.deps.db, { language: language as keyof typeof labels });
      const member = as({ kind: 'member', userId: buyer.id });
      const { orderId } = await member.orders.place(orderForm(basicId, 1, { paymentType: 'NEWEBPAY_VACC' }));
      const { virtualAccount } = await member.orders.show({ orderId });
      // Read as the download route reads it: the sign-ins of this file stay under the per-address limit.
      const text = await pdfText((await readOrderFile(services.deps, { kind: 'member', userId: buyer.id }, orderId, 'quotation')).bytes);
      expect(text).toContain(`${validUntil} ${taipeiDay(virtualAccount!.expiresAt)}`);
      expect(text).not.toContain(`${validUntil} ${taipeiDay(new Date(Date.now() + 30 * 86_400_000))}`);
      expect(text).toContain(`${total} 40.0 200,000.00`);
      expect(text).not.toMatch(/未稅|未税|税抜|税別|tax excl/i);
    }
  });

  it('renders the terms in Traditional Chinese and Simplified Chinese, each in its own characters', async () => {
    const taiwanese = await makeBuyer(services.deps.db, { language: 'zh-TW' });
    const first = await as({ kind: 'member', userId: taiwanese.id }).orders.place(orderForm(basicId));
    const traditional = await pdfText((await download('member-files', first.orderId, 'terms', await signIn('auth.signIn', taiwanese.email, taiwanese.password))).bytes);
    expect(traditional).toContain('點數購買條款');
    expect(traditional).toContain('每點新台幣 5,000 元；最低購買 40 點。');

    const mainland = await makeBuyer(services.deps.db, { language: 'zh-CN' });
    const second = await as({ kind: 'member', userId: mainland.id }).orders.place(orderForm(basicId));
    const cookie = await signIn('auth.signIn', mainland.email, mainland.password);
    expect(await pdfText((await download('member-files', second.orderId, 'terms', cookie)).bytes)).toContain('点数购买条款');
    const quotation = await pdfText((await download('member-files', second.orderId, 'quotation', cookie)).bytes);
    expect(quotation).toContain('点数报价单');
    expect(quotation).toContain('汇款后请在订单页面回报汇出账号后 5 位');
    expect((await as({ kind: 'member', userId: mainland.id }).orders.show({ orderId: second.orderId })).documents.filter((document) => document.available).map((document) => document.kind)).toEqual([
      'quotation',
      'terms',
    ]);
    const listed = await as({ kind: 'member', userId: mainland.id }).orders.documents();
    expect(listed.map((order) => order.orderId)).toEqual([second.orderId]);
    expect(listed[0]!.documents.filter((document) => document.available).map((document) => document.kind)).toEqual(['quotation', 'terms']);
  });
});
