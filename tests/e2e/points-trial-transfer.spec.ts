import { expect, test } from '@playwright/test';
import iconv from 'iconv-lite';
import fs from 'node:fs';
import { demoMember } from '../../src/server/seed';
import type { Language } from '../../src/shared/languages';
import { activeMember, signInMember, superStaffCookies, useOwnAddress } from './accounts-support';
import { keepScreenshot, openIn, texts } from './support';

const baseURL = () => process.env.E2E_BASE_URL!;

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});


test('a member applies for trial points, staff approve on the back-office screen, the balance shows with its chart and the records list it', async ({ page, browser }, testInfo) => {
  const language: Language = 'en';
  const points = texts(language, 'points');
  const member = await activeMember(baseURL(), { label: `trial-${testInfo.project.name}`, language });
  await signInMember(page, language, member);
  await page.goto('/management-center/point-record');
  const trial = page.getByTestId('trial-section');
  await trial.getByLabel(points.trial.reason).fill('Scratches on anodised aluminium housings; today two inspectors per line check them by eye.');
  await trial.getByRole('button', { name: points.trial.apply }).click();
  await expect(trial).toContainText(points.trial.status.open.split('{{date}}')[1]!.trim());
  await expect(trial.getByRole('button', { name: points.trial.apply })).toHaveCount(0);

  // Staff with apply_points (the demo super staff) approve in the back office, in their own browser context.
  const admin = texts('en', 'admin');
  const staffContext = await browser.newContext({ baseURL: baseURL(), viewport: page.viewportSize() ?? undefined });
  const staffPage = await staffContext.newPage();
  try {
    await useOwnAddress(staffPage);
    // The demo super staff's kept session: no new authenticator step (a code works once).
    await staffPage.context().addCookies(await superStaffCookies(process.env.E2E_BASE_URL!));
    await openIn(staffPage, 'en', '/admin');
    await expect(staffPage.getByRole('heading', { level: 1, name: admin.overview.title })).toBeVisible();
    await staffPage.goto('/admin/trialPoints');
    await expect(staffPage.getByRole('heading', { level: 1, name: points.admin.title })).toBeVisible();
    await staffPage.getByRole('button', { name: points.admin.approveFor.replace('{{email}}', member.email) }).click();
    // A decision mails the member and cannot be undone: the back office asks to confirm it.
    await staffPage.getByRole('alertdialog').getByRole('button', { name: points.admin.approve, exact: true }).click();
    await expect(staffPage.getByText(points.admin.approved.replace('{{email}}', member.email))).toBeVisible();
    await keepScreenshot(staffPage, 'admin-trial');
  } finally {
    await staffContext.close();
  }

  await page.reload();
  await expect(page.getByTestId('points-remaining')).toContainText('2.0');
  await expect(page.getByRole('img', { name: points.balance.chartTitle })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: points.records.kinds.trial });
  await expect(row).toContainText('+2.0');
  await expect(trial).toContainText(points.trial.status.approved.split('{{date}}')[1]!.trim());
});

test('the team administrator moves points to the team and back; the team records and the account transfer records list both', async ({ page }, testInfo) => {
  const language: Language = 'zh-TW';
  const points = texts(language, 'points');
  const common = texts(language, 'common');
  await signInMember(page, language, demoMember);
  // Under 570 px the side menu is a drawer, closed again by each navigation.
  const menu = async () => {
    const nav = page.getByRole('navigation', { name: common.managementCenter.nav.label });
    if (testInfo.project.name === 'phone') await page.getByRole('button', { name: common.managementCenter.nav.open }).click();
    return nav;
  };
  await (await menu()).getByRole('link', { name: 'AOI 外觀檢測小組' }).click();
  await (await menu()).getByRole('link', { name: common.pages.pointTransfer, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: points.transfer.title, exact: true })).toBeVisible();

  const account = page.getByTestId('transfer-account-9');
  const team = page.getByTestId('transfer-team-9');
  const before = { account: Number.parseFloat((await account.textContent()) ?? ''), team: Number.parseFloat((await team.textContent()) ?? '') };
  // No amount: the amount field says it is required, not 'check the form' above the form.
  await page.getByRole('button', { name: points.transfer.submit }).click();
  await expect(page.getByLabel(points.transfer.amount)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(texts(language, 'validation').required)).toBeVisible();
  await expect(page.getByText(texts(language, 'errors').InvalidInput)).toHaveCount(0);
  await page.getByLabel(points.transfer.amount).fill('3');
  await page.getByRole('button', { name: points.transfer.submit }).click();
  await expect(page.getByText(points.transfer.done_other.replace('{{count}}', '3'))).toBeVisible();
  await expect(team).toContainText((before.team + 3).toFixed(1));
  await expect(account).toContainText((before.account - 3).toFixed(1));

  // More than the team has: the amount field says how many whole points it may move, nothing moves.
  await page.getByLabel(points.transfer.direction).selectOption('toAccount');
  await page.getByLabel(points.transfer.amount).fill(String(Math.ceil(before.team + 100)));
  await page.getByRole('button', { name: points.transfer.submit }).click();
  await expect(page.getByLabel(points.transfer.amount)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(points.transfer.notEnough.replace('{{max}}', String(Math.floor(before.team + 3))))).toBeVisible();
  await expect(team).toContainText((before.team + 3).toFixed(1));

  await page.getByLabel(points.transfer.amount).fill('3');
  await page.getByRole('button', { name: points.transfer.submit }).click();
  await expect(team).toContainText(before.team.toFixed(1));
  await keepScreenshot(page, 'point-transfer');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByRole('link', { name: points.transfer.records }).click();
  await expect(page.getByRole('heading', { level: 1, name: points.records.teamTitle })).toBeVisible();
  await expect(page.locator('tbody tr').filter({ hasText: points.records.kinds.transferOut }).first()).toContainText('-3.0');
  await expect(page.locator('tbody tr').filter({ hasText: points.records.kinds.transferIn }).first()).toContainText('+3.0');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: points.records.exportBig5 }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('team-points-record.csv');
  const csv = iconv.decode(fs.readFileSync((await download.path())!), 'big5');
  expect(csv).toContain('轉出,M Point,-3.0,是');
  expect(csv).toContain(demoMember.email);

  await page.goto('/management-center/point-transfer-record');
  await expect(page.locator('tbody tr').filter({ hasText: points.records.kinds.transferOut }).first()).toContainText('-3.0');
});
