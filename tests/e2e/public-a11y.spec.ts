import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { publicRoutes } from './public-support';
import { openIn } from './support';

test('no public page has a serious or critical accessibility violation', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await openIn(page, testInfo.project.name === 'phone' ? 'en' : 'zh-TW', '/');
  const problems: string[] = [];
  for (const route of [...publicRoutes, { path: '/no/such/page', page: 'notFound' }]) {
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).analyze();
    for (const violation of results.violations) {
      if (violation.impact === 'serious' || violation.impact === 'critical') {
        problems.push(`${route.path}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
      }
    }
  }
  expect(problems).toEqual([]);
});
