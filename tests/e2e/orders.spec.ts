import { expect, test } from '@playwright/test';
import { mailContaining, superStaffCookies, useOwnAddress } from './accounts-support';
import { placeOrders, signedInBuyer, staffActs } from './orders-support';
import { atDesktopOnly, keepScreenshot, openIn, texts } from './support';

const baseURL = () => process.env.E2E_BASE_URL!;

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});

test('a member buys 40 points by remittance, is taken to the order, and follows it as staff confirm it', async ({ page }) => {
  const orders = texts('zh-TW', 'orders');
  await signedInBuyer(page, baseURL());
  await openIn(page, 'zh-TW', '/management-center/buy-points');
  await expect(page.getByRole('heading', { name: orders.buy.title, level: 1 })).toBeVisible();
  await expect(page.getByLabel(orders.buy.quantity.replace('{{name}}', '基礎方案 40 點'))).toHaveValue('1');
  await expect(page.getByRole('complementary', { name: orders.buy.summaryTitle })).toContainText('TWD');
  await keepScreenshot(page, 'buy-points');

  await page.getByRole('button', { name: orders.buy.submit }).focus();
  await page.keyboard.press('Enter');
  const placed = page.getByRole('status').filter({ hasText: orders.buy.redirecting });
  await expect(placed).toBeVisible();
  // The form went with the order placed: the focus is on the message that replaced it, not on the page's body.
  await expect(page.getByTestId('order-placed')).toBeFocused();
  const orderId = /M\d{12}/.exec((await placed.textContent()) ?? '')![0];
  await expect(page).toHaveURL(new RegExp(`/management-center/member-order/${orderId}$`), { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: orders.detail.title.replace('{{id}}', orderId) })).toBeVisible();
  // Taken to the order, the focus is on its heading, and the next Tab goes on from there.
  await expect(page.getByRole('heading', { level: 1, name: orders.detail.title.replace('{{id}}', orderId) })).toBeFocused();
  await expect(page.getByText(orders.status.awaitingConfirmation).first()).toBeVisible();
  await keepScreenshot(page, 'member-order');

  await staffActs(baseURL(), 'orders.admin.confirm', { orderId });
  await staffActs(baseURL(), 'orders.admin.confirmPayment', { orderId });
  await page.reload();
  await expect(page.getByRole('region', { name: orders.detail.logTitle })).toContainText(`${orders.status.awaitingPayment} → ${orders.status.paymentConfirmed}`);
  await expect(page.getByRole('button', { name: orders.detail.cancel })).toHaveCount(0);

  await page.getByRole('link', { name: orders.detail.back }).click();
  await expect(page.getByRole('link', { name: orders.list.view.replace('{{id}}', orderId) })).toBeVisible();
  await keepScreenshot(page, 'member-orders');
});

test('a member cancels an order while it awaits confirmation, with the keyboard', async ({ page }) => {
  const orders = texts('en', 'orders');
  await signedInBuyer(page, baseURL());
  await openIn(page, 'en', '/management-center/buy-points');
  await page.getByLabel(orders.buy.quantity.replace('{{name}}', 'Advanced plan, 80 points')).fill('1');
  await page.getByLabel(orders.buy.quantity.replace('{{name}}', 'Basic plan, 40 points')).fill('0');
  await page.getByRole('button', { name: orders.buy.submit }).click();
  await page.getByRole('link', { name: orders.buy.viewOrder }).click();
  await expect(page.getByText(orders.status.awaitingConfirmation).first()).toBeVisible();
  await page.getByRole('button', { name: orders.detail.cancel }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: orders.detail.cancel }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: orders.detail.cancelled })).toBeVisible();
  await expect(page.getByText(orders.status.cancelled).first()).toBeVisible();
  // The cancel button went with the cancellation: focus is on the order's heading, not dropped to the page's start.
  await expect(page.getByRole('heading', { level: 1, name: /M\d{12}/ })).toBeFocused();
});

test('an order number that cannot be one says the order was not found, as an unknown number does, with the way back to the list', async ({ page }) => {
  atDesktopOnly();
  const orders = texts('en', 'orders');
  const errors = texts('en', 'errors');
  await signedInBuyer(page, baseURL());
  for (const orderId of ['M000', 'M202001019990']) {
    await openIn(page, 'en', `/management-center/member-order/${orderId}`);
    await expect(page.getByRole('alert').filter({ hasText: errors.NotFound })).toBeVisible();
    await expect(page.getByText(errors.InvalidInput)).toHaveCount(0);
  }
  await page.getByRole('link', { name: orders.detail.back }).click();
  await expect(page.getByRole('heading', { level: 1, name: orders.list.title })).toBeVisible();
});

test('refuses a member with no plan chosen, and shows the reason in words', async ({ page }) => {
  atDesktopOnly();
  const orders = texts('ja', 'orders');
  const validation = texts('ja', 'validation');
  await signedInBuyer(page, baseURL());
  await openIn(page, 'ja', '/management-center/buy-points');
  await page.getByLabel(orders.buy.quantity.replace('{{name}}', 'ベーシックプラン 40 ポイント')).fill('0');
  await page.getByRole('button', { name: orders.buy.submit }).click();
  await expect(page.getByRole('alert').filter({ hasText: orders.buy.failed })).toBeVisible();
  await expect(page.getByText(validation.orders.selectPlan)).toBeVisible();
});


async function placeFromBuyPage(page: import('@playwright/test').Page, paymentLabel?: string): Promise<string> {
  const orders = texts('zh-TW', 'orders');
  await openIn(page, 'zh-TW', '/management-center/buy-points');
  if (paymentLabel) await page.getByRole('radio', { name: paymentLabel }).check();
  await page.getByRole('button', { name: orders.buy.submit }).click();
  const placed = page.getByRole('status').filter({ hasText: orders.buy.redirecting });
  await expect(placed).toBeVisible();
  const orderId = /M\d{12}/.exec((await placed.textContent()) ?? '')![0];
  await page.getByRole('link', { name: orders.buy.viewOrder }).click();
  await expect(page.getByRole('heading', { name: orders.detail.title.replace('{{id}}', orderId) })).toBeVisible();
  return orderId;
}

test('a member downloads the quotation and reports the remittance; staff confirm, confirm payment and enable it on the orders screen', async ({ page, browser }) => {
  atDesktopOnly();
  const orders = texts('zh-TW', 'orders');
  const buyer = await signedInBuyer(page, baseURL());
  const orderId = await placeFromBuyPage(page);

  const documents = page.getByRole('region', { name: orders.documents.title });
  const quotationLink = documents.getByRole('link', { name: orders.documents.download.replace('{{name}}', orders.documents.quotation) });
  const quotation = await page.request.get((await quotationLink.getAttribute('href'))!);
  expect(quotation.headers()['content-type']).toBe('application/pdf');
  expect((await quotation.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const remittance = page.getByRole('region', { name: orders.remittance.title });
  await remittance.getByLabel(orders.remittance.digits).fill('4021');
  await remittance.getByRole('button', { name: orders.remittance.save }).click();
  await expect(remittance.getByRole('alert')).toBeVisible();
  // Typed with a Chinese or Japanese input method: full-width digits, the same digits, stored as 40213.
  await remittance.getByLabel(orders.remittance.digits).fill('４０２１３');
  await remittance.getByRole('button', { name: orders.remittance.save }).click();
  await expect(page.getByRole('status').filter({ hasText: orders.remittance.saved })).toBeVisible();
  await expect(remittance.getByLabel(orders.remittance.digits)).toHaveValue('40213');
  await expect(remittance.getByRole('alert')).toHaveCount(0);
  await remittance.getByLabel(orders.upload.label.remittance).setInputFiles({ name: 'slip.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%%EOF\n') });
  await remittance.getByRole('button', { name: orders.upload.submit.remittance }).click();
  await expect(documents.getByRole('link', { name: orders.documents.download.replace('{{name}}', orders.documents.remittance) })).toBeVisible();
  await keepScreenshot(page, 'member-order-remittance');

  const staffContext = await browser.newContext({ baseURL: baseURL() });
  const staff = await staffContext.newPage();
  try {
    const en = texts('en', 'orders');
    // The demo super staff's kept session: no new authenticator step (a code works once).
    await staff.context().addCookies(await superStaffCookies(process.env.E2E_BASE_URL!));
    await openIn(staff, 'en', '/admin');
    await expect(staff.getByRole('heading', { level: 1, name: texts('en', 'admin').overview.title })).toBeVisible();
    await openIn(staff, 'en', `/admin/orders?status=0`);
    await staff.getByRole('link', { name: orderId }).click();
    await expect(staff.getByRole('region', { name: en.admin.remittanceTitle })).toContainText('40213');
    const act = async (label: string) => {
      await staff.getByRole('button', { name: label }).click();
      const dialog = staff.getByRole('alertdialog');
      await dialog.getByRole('button', { name: en.admin.confirm }).click();
      await expect(dialog).toHaveCount(0);
    };
    await act(en.admin.action.confirmOrder);
    await act(en.admin.action.confirmPayment.replace('{{to}}', en.status.paymentConfirmed));
    await act(en.admin.action.enable.replace('{{to}}', en.status.complete));
    await expect(staff.getByText(en.status.complete).first()).toBeVisible();
    await keepScreenshot(staff, 'admin-order');
  } finally {
    await staffContext.close();
  }
  await page.reload();
  await expect(page.getByRole('region', { name: orders.detail.logTitle })).toContainText(`${orders.status.paymentConfirmed} → ${orders.status.complete}`);

  // /download lists the order's documents as well, the slip the member uploaded among them.
  await page.goto('/management-center/download');
  const ofOrder = (kind: 'quotation' | 'remittance') => page.getByRole('region', { name: orders.downloads.title }).getByRole('link', { name: orders.downloads.fileOf.replace('{{name}}', orders.documents[kind]).replace('{{id}}', orderId) });
  await expect(ofOrder('remittance')).toBeVisible();
  const listed = await page.request.get((await ofOrder('quotation').getAttribute('href'))!);
  expect(listed.headers()['content-type']).toBe('application/pdf');
  expect((await listed.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The 40 points are the member's, and each step's mail reached them.
  await page.goto('/management-center/point-record');
  await expect(page.getByTestId('points-remaining')).toContainText('40.0');
  expect(await mailContaining(buyer.email, '已確認。請匯款')).toContain(orderId);
  expect(await mailContaining(buyer.email, '點已加入您的企業帳號')).toContain(orderId);
});

test('a member pays a virtual account, the provider’s callback confirms the payment, and staff enable the points', async ({ page }) => {
  atDesktopOnly();
  const orders = texts('zh-TW', 'orders');
  const buyer = await signedInBuyer(page, baseURL());
  const orderId = await placeFromBuyPage(page, orders.paymentType.NEWEBPAY_VACC);
  const section = page.getByRole('region', { name: orders.vacc.title });
  await expect(section).toContainText(orders.vacc.deadline);
  const account = (await section.getByTestId('virtual-account').textContent())!.trim();
  expect(account).toMatch(/^\d{10,16}$/);
  // The account was mailed too, with no word of remitting to the quotation's account.
  const issued = await mailContaining(buyer.email, '轉入以下虛擬帳號');
  expect(issued).toContain(account);
  expect(issued).not.toContain('末 5 碼');

  const paid = await page.request.post('/payment-emulator/pay', { data: { account } });
  expect(paid.ok()).toBe(true);
  await page.reload();
  await expect(page.getByText(orders.status.paymentConfirmed).first()).toBeVisible();
  await expect(page.getByRole('region', { name: orders.vacc.title })).toContainText(orders.vacc.paid);

  await staffActs(baseURL(), 'orders.admin.enable', { orderId, complete: true });
  await page.goto('/management-center/point-record');
  await expect(page.getByTestId('points-remaining')).toContainText('40.0');
  expect(await mailContaining(buyer.email, '點已加入您的企業帳號')).toContain(orderId);
});

test('a member with more orders than a page goes to the older ones and back, and so does staff in the back office', async ({ page, browser }) => {
  atDesktopOnly();
  const t = texts('en', 'orders').list;
  await signedInBuyer(page, baseURL());
  const ids = await placeOrders(page, 21);
  await openIn(page, 'en', '/management-center/member-order');
  const rows = page.getByRole('row').filter({ has: page.getByRole('link') });
  const previous = page.getByRole('button', { name: t.previous });
  const next = page.getByRole('button', { name: t.next });
  await expect(page.getByText(t.pageOf.replace('{{page}}', '1').replace('{{pages}}', '2'))).toBeVisible();
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText(ids.at(-1)!);
  await expect(previous).toBeDisabled();

  await next.click();
  await expect(page.getByText(t.pageOf.replace('{{page}}', '2').replace('{{pages}}', '2'))).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(ids[0]!);
  await expect(next).toBeDisabled();

  await previous.click();
  await expect(page.getByText(t.pageOf.replace('{{page}}', '1').replace('{{pages}}', '2'))).toBeVisible();
  await expect(rows.first()).toContainText(ids.at(-1)!);
  await expect(rows).toHaveCount(20);

  // The back office keeps the page in the address: its number and the cursor of its orders.
  const admin = texts('en', 'orders').admin;
  const staffContext = await browser.newContext({ baseURL: baseURL() });
  const staff = await staffContext.newPage();
  try {
    await staff.context().addCookies(await superStaffCookies(baseURL()));
    await openIn(staff, 'en', '/admin/orders');
    const pager = staff.getByRole('navigation', { name: admin.pages });
    const pageNumber = (n: number) => new RegExp(`^${admin.pageOf.replace('{{page}}', String(n)).split(' {{pages}}')[0]} `);
    await expect(pager.getByText(pageNumber(1))).toBeVisible();
    await expect(pager.getByRole('button', { name: t.previous })).toBeDisabled();
    await pager.getByRole('button', { name: t.next }).click();
    await expect(staff).toHaveURL(/[?&]page=2&olderThan=M\d{12}/);
    await expect(pager.getByText(pageNumber(2))).toBeVisible();
    await pager.getByRole('button', { name: t.previous }).click();
    await expect(staff).not.toHaveURL(/olderThan|newerThan|page=/);
    await expect(pager.getByText(pageNumber(1))).toBeVisible();
    await expect(pager.getByRole('button', { name: t.previous })).toBeDisabled();
  } finally {
    await staffContext.close();
  }
});
