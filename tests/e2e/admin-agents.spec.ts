import { expect, test } from '@playwright/test';
import { activeMember, superStaffCookies, useOwnAddress } from './accounts-support';
import { keepScreenshot, openIn, texts } from './support';

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});

test('agent staff mark an account as agent, compare agents by the accounts they brought, and end a role', async ({ page, baseURL }, testInfo) => {
  const admin = texts('en', 'admin');
  const t = texts('en', 'accounts').agents;
  const member = await activeMember(baseURL!, { label: 'agency' });
  const agentId = `E2E${Date.now().toString(36).toUpperCase().slice(-6)}${testInfo.project.name === 'phone' ? 'P' : 'D'}`;

  // The demo super staff's kept session: no new authenticator step (a code works once).
  await page.context().addCookies(await superStaffCookies(process.env.E2E_BASE_URL!));
  await openIn(page, 'en', '/admin');
  await expect(page.getByRole('heading', { level: 1, name: admin.overview.title })).toBeVisible();
  const menu = page.getByRole('navigation', { name: admin.menu.label });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: admin.menu.open }).click();
  await menu.getByRole('link', { name: admin.screens.agents }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

  // The demo agents are compared in the chart: the Hsinchu integrator brought three accounts.
  const chart = page.getByRole('figure', { name: t.chartTitle });
  await expect(chart.getByRole('listitem').filter({ hasText: '新竹智慧視覺整合有限公司' })).toContainText('3');

  await page.getByLabel(t.account).fill('nobody@precision-optics.example');
  await page.getByLabel(t.agentId).fill(agentId);
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page.getByText(texts('en', 'validation').accountNotFound)).toBeVisible();

  await page.getByLabel(t.account).fill(member.email);
  await page.getByRole('button', { name: t.submit }).click();
  const row = page.getByRole('row').filter({ hasText: agentId });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: t.showReferrals.replace('{{agentId}}', agentId) }).click();
  await expect(page.getByText(t.noReferrals)).toBeVisible();

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await keepScreenshot(page, 'admin-agents');

  await row.getByRole('button', { name: t.clear }).click();
  await row.getByRole('button', { name: /^Yes, end/ }).click();
  await expect(page.getByRole('row').filter({ hasText: agentId })).toHaveCount(0);
});
