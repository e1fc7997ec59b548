import { expect, test } from '@playwright/test';
import { publicRoutes, showcasePaths } from './public-support';
import { openIn, pageProblems, scannedLanguage, scansWithAxe, texts } from './support';

test('no public page has a serious or critical accessibility violation or is wider than the screen', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const language = scannedLanguage(testInfo.project.name);
  const common = texts(language, 'common');
  const showcase = texts(language, 'showcase');
  await openIn(page, language, '/');
  const problems: string[] = [];
  // Every route at desktop width; at phone width one page of each layout (the topic pages share theirs).
  const phoneLayouts = ['/', '/401', '/news', '/news/2', '/pricing', '/support', '/support/videos', '/support/qa', '/term', '/classes-list', '/video-fixed/vAOI', '/plan-intro/editor'];
  const routes = testInfo.project.name === 'phone' ? publicRoutes.filter((route) => phoneLayouts.includes(route.path)) : publicRoutes;
  for (const route of [...routes, { path: '/no/such/page', page: 'notFound' }]) {
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Scan the finished page: nothing still loading, the partner block in place where it belongs.
    await expect(page.getByRole('status').filter({ hasText: common.loading })).toHaveCount(0);
    if (showcasePaths.includes(route.path)) await expect(page.getByRole('heading', { name: showcase.title })).toBeVisible();
    problems.push(...(await pageProblems(page, route.path, { axe: scansWithAxe(testInfo.project.name) })));
  }
  expect(problems).toEqual([]);
});
