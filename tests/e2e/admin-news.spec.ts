import { expect, test, type Page } from '@playwright/test';
import { superStaffCookies, useOwnAddress } from './accounts-support';
import { openIn, texts } from './support';

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});

/** A 2x2 PNG, as a staff member's photo upload would send it. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4IScHRAwQCgAfJgQRoo8irwAAAABJRU5ErkJggg==', 'base64');

async function openNewsScreen(page: Page) {
  const admin = texts('en', 'admin');
  const menu = page.getByRole('navigation', { name: admin.menu.label });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: admin.menu.open }).click();
  await menu.getByRole('link', { name: admin.screens.news }).click();
}

test('content staff write a story in two languages with a cover, preview it without its script, publish it for visitors and hide it again', async ({ page, browser }, testInfo) => {
  const t = texts('en', 'content').admin;
  const title = `Stamping line upgrade ${testInfo.project.name} ${Date.now().toString(36)}`;
  // The demo super staff's kept session: no new authenticator step (a code works once).
  await page.context().addCookies(await superStaffCookies(process.env.E2E_BASE_URL!));
  await openIn(page, 'en', '/admin');
  await expect(page.getByRole('heading', { level: 1, name: texts('en', 'admin').overview.title })).toBeVisible();
  await openNewsScreen(page);
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

  await page.getByRole('link', { name: t.new }).click();
  await page.getByLabel(t.category).selectOption({ label: t.categories['0'] });
  // A long file name is shown in the portal's words beside its button, cut short: the category beside it keeps its width.
  const categoryWidth = async () => (await page.getByLabel(t.category).boundingBox())!.width;
  const widthBefore = await categoryWidth();
  const coverName = `cover-${'stamping-line-aoi-upgrade-'.repeat(4)}final.png`;
  await page.getByLabel(t.cover).setInputFiles({ name: coverName, mimeType: 'image/png', buffer: png });
  await expect(page.getByAltText(t.coverPreview)).toBeVisible();
  await expect(page.getByTitle(coverName)).toHaveText(coverName);
  expect(await categoryWidth()).toBe(widthBefore);
  await page.locator('#news-title-zh-TW').fill(`${title}（中文）`);
  await page.locator('#news-body-zh-TW').fill('<p>沖壓線導入 AOI 後，漏檢率下降 80%。</p>');
  await page.locator('#news-title-en').fill(title);
  await page.locator('#news-summary-en').fill('Missed defects down 80% after AOI.');
  await page.locator('#news-body-en').fill('<p>Missed defects fell by <strong>80%</strong>.</p><script>document.title = "owned"</script><p onclick="alert(1)">Read the case.</p>');

  await page.getByLabel(t.previewLanguage).selectOption({ label: 'English' });
  await page.getByRole('button', { name: t.preview }).click();
  const preview = page.getByRole('region', { name: t.previewTitle });
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('80%');
  await expect(preview).toContainText('Read the case.');
  await expect(preview.locator('script')).toHaveCount(0);
  await expect(preview.locator('[onclick]')).toHaveCount(0);

  await page.getByRole('button', { name: t.saveDraft }).click();
  await expect(page).toHaveURL(/\/admin\/news\/\d+$/);
  const id = page.url().split('/').pop()!;
  await page.getByRole('button', { name: t.publish }).click();
  await expect(page.getByText(t.publishedToast)).toBeVisible();

  const visitor = await browser.newPage();
  await openIn(visitor, 'en', `/news/${id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText('Missed defects fell by')).toBeVisible();
  await expect(visitor.locator('article img').first()).toHaveAttribute('src', /^\/content-images\/[0-9a-f-]{36}\.png$/);
  await openIn(visitor, 'zh-TW', `/news/${id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: `${title}（中文）` })).toBeVisible();

  await page.getByRole('button', { name: t.hide }).click();
  await expect(page.getByText(t.hiddenToast)).toBeVisible();
  await openIn(visitor, 'en', `/news/${id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
  await visitor.close();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
