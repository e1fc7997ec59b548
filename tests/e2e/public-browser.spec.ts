import { expect, test } from '@playwright/test';
import { openIn, texts } from './support';

const lineAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.5.0';

test.describe('in-app browsers', () => {
  test.use({ userAgent: lineAgent });

  test('in LINE the page reloads once with openExternalBrowser=1 and asks for the default browser', async ({ page }) => {
    const common = texts('zh-TW', 'common');
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.goto('/pricing?from=line');
    await expect(page).toHaveURL(/\/pricing\?from=line&openExternalBrowser=1$/);
    await expect(page.getByRole('alert').filter({ hasText: common.notices.inAppBrowser.title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: common.pages.pricing })).toBeVisible();
    expect(documents.map((url) => new URL(url).search)).toEqual(['?from=line', '?from=line&openExternalBrowser=1']);
  });
});

test.describe('other in-app browsers', () => {
  test.use({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 [FBAN/FB4A;FBAV/470.0.0.0;]' });

  test('show the default-browser alert without reloading', async ({ page }) => {
    const common = texts('en', 'common');
    await openIn(page, 'en', '/about');
    await expect(page).toHaveURL(/\/about$/);
    const alert = page.getByRole('alert').filter({ hasText: common.notices.inAppBrowser.title });
    await expect(alert).toBeVisible();
    await alert.getByRole('button', { name: common.actions.close }).click();
    await expect(alert).toBeHidden();
  });
});

test('an ordinary browser gets no in-app alert', async ({ page }) => {
  await openIn(page, 'en', '/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a uuid in the address explains the purchase flow and is kept as the platform id', async ({ page }) => {
  for (const language of ['zh-TW', 'ja'] as const) {
    const common = texts(language, 'common');
    await openIn(page, language, '/?uuid=7f3c2a10-5b4e-4d1a-9c3e-2b8f6a1d0e42');
    const notice = page.getByRole('status').filter({ hasText: common.notices.purchase.title });
    await expect(notice).toBeVisible();
    for (const step of ['login', 'buy', 'transfer'] as const) await expect(notice).toContainText(common.notices.purchase.steps[step]);
    await expect(notice).toContainText('7f3c2a10-5b4e-4d1a-9c3e-2b8f6a1d0e42');
  }
  expect(await page.evaluate(() => [sessionStorage.getItem('portal.platformId'), localStorage.getItem('portal.platformId')])).toEqual([
    '7f3c2a10-5b4e-4d1a-9c3e-2b8f6a1d0e42',
    '7f3c2a10-5b4e-4d1a-9c3e-2b8f6a1d0e42',
  ]);
  // Moving on within the site keeps the id; the notice is not repeated on pages without the parameter.
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: texts('ja', 'common').notices.purchase.title })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('portal.platformId'))).toBe('7f3c2a10-5b4e-4d1a-9c3e-2b8f6a1d0e42');
});
