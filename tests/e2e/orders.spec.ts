import { expect, test } from '@playwright/test';
import { useOwnAddress } from './accounts-support';
import { signedInBuyer, staffActs } from './orders-support';
import { openIn, texts } from './support';

const baseURL = () => process.env.E2E_BASE_URL!;

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});

test('a member buys 40 points by remittance, is taken to the order, and follows it as staff confirm it', async ({ page }, testInfo) => {
  const orders = texts('zh-TW', 'orders');
  await signedInBuyer(page, baseURL());
  await openIn(page, 'zh-TW', '/management-center/buy-points');
  await expect(page.getByRole('heading', { name: orders.buy.title, level: 1 })).toBeVisible();
  await expect(page.getByLabel(orders.buy.quantity.replace('{{name}}', '基礎方案 40 點'))).toHaveValue('1');
  await expect(page.getByRole('complementary', { name: orders.buy.summaryTitle })).toContainText('TWD');
  await page.screenshot({ path: testInfo.outputPath(`buy-points-${testInfo.project.name}.png`), fullPage: true });

  await page.getByRole('button', { name: orders.buy.submit }).click();
  const placed = page.getByRole('status').filter({ hasText: orders.buy.redirecting });
  await expect(placed).toBeVisible();
  const orderId = /M\d{12}/.exec((await placed.textContent()) ?? '')![0];
  await expect(page).toHaveURL(new RegExp(`/management-center/member-order/${orderId}$`), { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: orders.detail.title.replace('{{id}}', orderId) })).toBeVisible();
  await expect(page.getByText(orders.status.awaitingConfirmation).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`member-order-${testInfo.project.name}.png`), fullPage: true });

  await staffActs(baseURL(), 'orders.admin.confirm', { orderId });
  await staffActs(baseURL(), 'orders.admin.confirmPayment', { orderId });
  await page.reload();
  await expect(page.getByRole('region', { name: orders.detail.logTitle })).toContainText(`${orders.status.awaitingPayment} → ${orders.status.paymentConfirmed}`);
  await expect(page.getByRole('button', { name: orders.detail.cancel })).toHaveCount(0);

  await page.getByRole('link', { name: orders.detail.back }).click();
  await expect(page.getByRole('link', { name: orders.list.view.replace('{{id}}', orderId) })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`member-orders-${testInfo.project.name}.png`), fullPage: true });
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
  await dialog.getByRole('button', { name: orders.detail.cancel }).click();
  await expect(page.getByRole('status').filter({ hasText: orders.detail.cancelled })).toBeVisible();
  await expect(page.getByText(orders.status.cancelled).first()).toBeVisible();
});

test('refuses a member with no plan chosen, and shows the reason in words', async ({ page }) => {
  const orders = texts('ja', 'orders');
  const validation = texts('ja', 'validation');
  await signedInBuyer(page, baseURL());
  await openIn(page, 'ja', '/management-center/buy-points');
  await page.getByLabel(orders.buy.quantity.replace('{{name}}', 'ベーシックプラン 40 ポイント')).fill('0');
  await page.getByRole('button', { name: orders.buy.submit }).click();
  await expect(page.getByRole('alert').filter({ hasText: orders.buy.failed })).toBeVisible();
  await expect(page.getByText(validation.orders.selectPlan)).toBeVisible();
});
