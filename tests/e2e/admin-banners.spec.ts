import { expect, test, type Page } from '@playwright/test';
import { superStaffCookies, useOwnAddress } from './accounts-support';
import { openIn, texts } from './support';

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4IScHRAwQCgAfJgQRoo8irwAAAABJRU5ErkJggg==', 'base64');

async function openScreen(page: Page, screen: 'banners' | 'videos') {
  const admin = texts('en', 'admin');
  const menu = page.getByRole('navigation', { name: admin.menu.label });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: admin.menu.open }).click();
  await menu.getByRole('link', { name: admin.screens[screen] }).click();
}

test('content staff publish a home banner with an uploaded image and a support video; visitors see both, and the hidden banner goes', async ({ page, browser }, testInfo) => {
  const t = texts('en', 'content').admin;
  const stamp = `${testInfo.project.name} ${Date.now().toString(36)}`;
  const bannerTitle = `Open house at the Taichung lab ${stamp}`;
  const videoTitle = `Exporting counts to your MES ${stamp}`;
  // The demo super staff's kept session: no new authenticator step (a code works once).
  await page.context().addCookies(await superStaffCookies(process.env.E2E_BASE_URL!));
  await openIn(page, 'en', '/admin');
  await expect(page.getByRole('heading', { level: 1, name: texts('en', 'admin').overview.title })).toBeVisible();

  await openScreen(page, 'banners');
  await expect(page.getByRole('heading', { level: 1, name: t.banners.title })).toBeVisible();
  await page.getByRole('button', { name: t.banners.new }).click();
  await page.getByLabel(t.banners.image).setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
  await page.locator('#banner-title-zh-TW').fill(`台中實驗室開放參觀 ${stamp}`);
  await page.locator('#banner-alt-zh-TW').fill('實驗室的檢測設備');
  await page.locator('#banner-title-en').fill(bannerTitle);
  await page.locator('#banner-alt-en').fill('Inspection rigs in the lab');
  await page.locator('#banner-link-en').fill('/classes-list');
  await expect(page.getByRole('figure')).toBeVisible();
  await expect(page.getByRole('region', { name: t.banners.new })).toBeVisible();
  await page.getByRole('button', { name: t.saveDraft }).click();
  // The form closes once the list has the new banner; only then does the list stop moving under the pointer.
  await expect(page.getByRole('region', { name: t.banners.new })).toBeHidden();
  const entry = page.getByTestId('banners-entry').filter({ hasText: `台中實驗室開放參觀 ${stamp}` });
  await expect(entry).toContainText(t.hidden);
  await entry.getByRole('button', { name: t.publish }).click();
  await expect(entry).toContainText(t.published);

  await openScreen(page, 'videos');
  await page.getByRole('button', { name: t.videos.new }).click();
  await page.getByLabel(t.videos.url).fill('http://insecure.example/video');
  await page.getByLabel(t.videos.minutes).fill('8');
  await page.locator('#video-title-zh-TW').fill(`匯出計數到 MES ${stamp}`);
  await page.locator('#video-title-en').fill(videoTitle);
  await page.getByRole('button', { name: t.saveDraft }).click();
  await expect(page.getByLabel(t.videos.url)).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(t.videos.url).fill('https://cloud-a.inspectra.example/help/tutorials/mes');
  await expect(page.getByRole('region', { name: t.videos.new })).toBeVisible();
  await page.getByRole('button', { name: t.saveDraft }).click();
  await expect(page.getByRole('region', { name: t.videos.new })).toBeHidden();
  const video = page.getByTestId('videos-entry').filter({ hasText: `匯出計數到 MES ${stamp}` });
  await video.getByRole('button', { name: t.publish }).click();
  await expect(video).toContainText(t.published);

  const visitor = await browser.newPage();
  await openIn(visitor, 'en', '/');
  const shown = visitor.getByRole('link', { name: new RegExp(bannerTitle) });
  await expect(shown).toBeVisible();
  await expect(shown.getByRole('img', { name: 'Inspection rigs in the lab' })).toBeVisible();
  await openIn(visitor, 'en', '/support/videos');
  await expect(visitor.getByRole('link', { name: new RegExp(videoTitle) })).toHaveAttribute('href', 'https://cloud-a.inspectra.example/help/tutorials/mes');

  await openScreen(page, 'banners');
  await page.getByTestId('banners-entry').filter({ hasText: `台中實驗室開放參觀 ${stamp}` }).getByRole('button', { name: t.hide }).click();
  await expect(page.getByTestId('banners-entry').filter({ hasText: `台中實驗室開放參觀 ${stamp}` })).toContainText(t.hidden);
  await openIn(visitor, 'en', '/');
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.getByText(bannerTitle)).toHaveCount(0);
  await visitor.close();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
