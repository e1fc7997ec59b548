import { expect, test } from '@playwright/test';
import { publicRoutes, showcasePaths } from './public-support';
import { defaultLanguage } from '../../src/shared/languages';
import { languages, openIn, switchLanguage, texts } from './support';

test('every public page renders in every language: its title, one h1, the footer, within the screen', async ({ page }, testInfo) => {
  // Every language at desktop width, switched on each open page as a visitor does; at phone width
  // the default one (public-a11y.spec.ts checks the phone layouts in English).
  const tried = testInfo.project.name === 'phone' ? [defaultLanguage] : languages;
  test.setTimeout(30_000 + publicRoutes.length * tried.length * 1_500);
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(error.message));
  await openIn(page, defaultLanguage, '/');
  for (const route of publicRoutes) {
    await page.goto(route.path);
    for (const language of tried) {
      await switchLanguage(page, language);
      const common = texts(language, 'common');
      const where = `${route.path} in ${language}`;
      await expect(page, where).toHaveTitle(`${common.pages[route.page]} | Inspectra`);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading, where).toHaveCount(1);
      await expect(heading, where).not.toBeEmpty();
      await expect(page.getByRole('contentinfo'), where).toContainText(common.footer.phone);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${where} is wider than the screen`).toBeLessThanOrEqual(0);
    }
  }
  for (const language of tried) {
    await page.goto('/no/such/page');
    await switchLanguage(page, language);
    await expect(page).toHaveTitle('Inspectra');
    await expect(page.getByRole('heading', { level: 1, name: texts(language, 'common').pages.notFound })).toBeVisible();
  }
  expect(failures).toEqual([]);
});

test('any other /plan-intro page goes to the editor, keeping the shared page and its switch', async ({ page }) => {
  const common = texts('zh-TW', 'common');
  await openIn(page, 'zh-TW', '/plan-intro/unknown-kind');
  await expect(page).toHaveURL(/\/plan-intro\/editor$/);
  await expect(page.getByRole('heading', { level: 1, name: common.pages.planEditor })).toBeVisible();
  await page.getByRole('link', { name: common.pages.planTool, exact: true }).first().click();
  await expect(page).toHaveURL(/\/plan-intro\/tool$/);
  await expect(page).toHaveTitle(`${common.pages.planTool} | Inspectra`);
});

test('the partner block shows on the pages spec section 2 lists, and not on pricing or news', async ({ page }) => {
  const showcase = texts('en', 'showcase');
  await openIn(page, 'en', '/');
  for (const path of showcasePaths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2, name: showcase.title }), path).toBeVisible();
  }
  for (const path of ['/pricing', '/news']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: showcase.title }), path).toHaveCount(0);
  }
});

test('pricing states the point rules, the plans and the five purchase steps, and the documents download', async ({ page }) => {
  const pricing = texts('en', 'pricing');
  await openIn(page, 'en', '/pricing');
  await expect(page.getByText(pricing.rules.minimum)).toBeVisible();
  await expect(page.getByText(pricing.rules.projects)).toBeVisible();
  for (const plan of ['trial', 'basic', 'advanced'] as const) await expect(page.getByRole('heading', { level: 3, name: pricing.plans[plan].name })).toBeVisible();
  // The trial plan's points come from the active trial package (2 in the seed).
  const trialCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: pricing.plans.trial.name }) });
  await expect(trialCard).toContainText(`${pricing.points_other.replace('{{count}}', '2')}${pricing.free}`);
  await expect(page.getByText('Total TWD 200,000.00')).toBeVisible();
  await expect(page.getByText('Total TWD 400,000.00')).toBeVisible();
  await expect(page.getByRole('list').filter({ hasText: pricing.process.grant.title }).getByRole('listitem')).toHaveCount(5);
  for (const key of ['quotation', 'terms'] as const) {
    const link = page.getByRole('link', { name: pricing.downloads[key] });
    const response = await page.request.get((await link.getAttribute('href'))!);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('5,000');
  }
});

test('a page whose code fails to load reloads once, then shows the error page', async ({ page }) => {
  const common = texts('en', 'common');
  await page.route(/\/assets\/term-page-[^/]+\.js$/, (route) => route.abort());
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
  });
  await openIn(page, 'en', '/');
  await page.getByRole('contentinfo').getByRole('link', { name: common.pages.term }).click();
  await expect(page.getByRole('heading', { level: 1, name: common.errorPage.title })).toBeVisible();
  // One reload of the page that failed, and no more.
  expect(documents).toEqual(['/', '/term']);
  // The reload's time is kept, so a failure within the minute after it is not reloaded again.
  const reloadedAt = Number(await page.evaluate(() => sessionStorage.getItem('portal.reloadedAfterLoadFailure')));
  expect(Date.now() - reloadedAt).toBeLessThan(60_000);
  await expect(page.getByRole('contentinfo')).toBeVisible();
});
