import { expect, test } from '@playwright/test';
import { openIn, texts } from './support';

test('each route names itself in the title; an unknown path shows not found with the brand only', async ({ page }) => {
  const common = texts('en', 'common');
  await openIn(page, 'en', '/pricing');
  await expect(page).toHaveTitle(`${common.pages.pricing} | Inspectra`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle('Inspectra');
  await expect(page.getByRole('heading', { level: 1, name: common.pages.notFound })).toBeVisible();
});

test('any other /plan-intro page goes to the editor page', async ({ page }) => {
  await openIn(page, 'en', '/plan-intro/whatever');
  await expect(page).toHaveURL(/\/plan-intro\/editor$/);
  await expect(page).toHaveTitle(`${texts('en', 'common').pages.planEditor} | Inspectra`);
});

test('the visitor starts in Traditional Chinese, switches language, and the choice is kept', async ({ page }) => {
  await page.goto('/support');
  await expect(page).toHaveTitle(`${texts('zh-TW', 'common').pages.support} | Inspectra`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await page.getByLabel(texts('zh-TW', 'common').language.label).selectOption('ja');
  await expect(page).toHaveTitle(`${texts('ja', 'common').pages.support} | Inspectra`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await page.reload();
  await expect(page.getByLabel(texts('ja', 'messages').fields.email)).toBeVisible();
});

test('the page is usable by keyboard: skip link first, then into the form', async ({ page }) => {
  const common = texts('en', 'common');
  await openIn(page, 'en', '/support');
  const contact = texts('en', 'messages');
  // The server's HTML shows the page's heading at once; the app (skip link, form) follows once the
  // texts of the visitor's language have arrived.
  await expect(page.getByLabel(contact.fields.firstName)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: common.skipToContent })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByLabel(contact.fields.firstName).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(contact.fields.lastName)).toBeFocused();
});

test('nothing is wider than the screen', async ({ page }) => {
  for (const url of ['/', '/support', '/pricing']) {
    await openIn(page, 'zh-TW', url);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, url).toBeLessThanOrEqual(0);
  }
});
