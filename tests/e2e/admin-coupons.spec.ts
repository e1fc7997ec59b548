import { expect, test } from '@playwright/test';
import { superStaffCookies, useOwnAddress } from './accounts-support';
import { keepScreenshot, openIn, texts } from './support';

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});

test('points staff change a shop coupon and create store credit for a customer, with field messages for bad amounts', async ({ page }) => {
  const admin = texts('en', 'admin');
  const t = texts('en', 'shop');
  // The demo super staff's kept session: no new authenticator step (a code works once).
  await page.context().addCookies(await superStaffCookies(process.env.E2E_BASE_URL!));
  await openIn(page, 'en', '/admin');
  await expect(page.getByRole('heading', { level: 1, name: admin.overview.title })).toBeVisible();
  const menu = page.getByRole('navigation', { name: admin.menu.label });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: admin.menu.open }).click();
  await menu.getByRole('link', { name: admin.screens.coupons }).click();

  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await expect(page.getByText(t.emulated)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'aoi-starter-1500', exact: true })).toBeVisible();

  // Change the launch coupon: a wrong amount is explained on its field, a right one reaches the shop.
  await page.getByRole('button', { name: t.editTitle.replace('{{code}}', 'aoi-starter-1500') }).click();
  const edit = page.getByRole('form', { name: t.editTitle.replace('{{code}}', 'aoi-starter-1500') });
  await edit.getByLabel(t.amountLabel).fill('12.345');
  await edit.getByRole('button', { name: t.save }).click();
  await expect(edit.getByText(texts('en', 'validation').amount)).toBeVisible();
  const amount = String(1000 + Math.floor(Math.random() * 8000));
  await edit.getByLabel(t.amountLabel).fill(amount);
  await edit.getByRole('button', { name: t.save }).click();
  await expect(page.getByText(t.saved.replace('{{code}}', 'aoi-starter-1500'))).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'aoi-starter-1500' })).toContainText(Number(amount).toLocaleString('en'));

  // Store credit for two named customers.
  const customer = `buyer.${Date.now().toString(36)}@hsinchu-optics.example`;
  await page.getByRole('button', { name: t.new }).click();
  await page.getByLabel(t.amountLabel).fill('3000');
  await page.getByLabel(t.emailsLabel).fill(`${customer}\nqa.lead@hsinchu-optics.example`);
  await page.getByRole('button', { name: t.create }).click();
  await expect(page.getByText(new RegExp(t.created.replace('{{code}}', 'sc-[0-9a-f]+')))).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: customer })).toContainText(t.types.smart_coupon);

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await keepScreenshot(page, 'admin-coupons');
});
