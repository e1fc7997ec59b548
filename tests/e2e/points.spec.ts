import { expect, test } from '@playwright/test';
import iconv from 'iconv-lite';
import fs from 'node:fs';
import type { Language } from '../../src/shared/languages';
import { EMULATOR_KEY } from '../../src/server/platform-emulator/emulator.server';
import { activeMember, asSuperStaff, signInMember, useOwnAddress } from './accounts-support';
import { atDesktopOnly, keepScreenshot, openIn, pageProblems, texts } from './support';

const baseURL = () => process.env.E2E_BASE_URL!;

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});

test('a member sees granted points as a balance with its chart, lists them, downloads the records as Big5 CSV, and sets a low-balance alert whose banner follows them across the management centre', async ({ page }, testInfo) => {
  const language: Language = 'zh-TW';
  const points = texts(language, 'points');
  const member = await activeMember(baseURL(), { label: `points-${testInfo.project.name}`, language });
  const staff = await asSuperStaff(baseURL());
  let groupId: string;
  try {
    await staff.mutate('points.admin.grantBonus', { account: member.email, points: 12.5, reason: '產線導入說明會贈點' });
    ({ groupId } = (await staff.query('points.admin.balance', { account: member.email })) as { groupId: string });
  } finally {
    await staff.dispose();
  }
  // Once the grant has reached the platform (the emulator), a 1.5-hour training job uses points there.
  await expect
    .poll(async () => ((await (await page.request.post('/platform-emulator/emulator/usage', { data: { key: EMULATOR_KEY, group_id: groupId, project_type: 9, hours: 1.5, task_type: 'training' } })).json()) as { type: number }).type, { timeout: 20_000 })
    .toBe(0);

  await signInMember(page, language, member);
  await page.goto('/management-center/point-record');
  await expect(page.getByRole('heading', { level: 1, name: points.records.pointsTitle })).toBeVisible();
  await expect(page.getByTestId('points-remaining')).toContainText('12.5');
  await expect(page.getByRole('img', { name: points.balance.chartTitle })).toBeVisible();
  // The chart's axis labels (dates and point values) and its legend stay readable on a phone too:
  // at least 11 px tall on screen, not shrunk with the drawing.
  const chart = page.getByRole('figure').filter({ has: page.getByRole('img', { name: points.balance.chartTitle }) });
  const labelHeights = await chart.evaluate((figure) =>
    [...figure.querySelectorAll('svg text'), ...figure.querySelectorAll('[data-chart-legend] > span')].map((label) => ({
      text: label.textContent?.trim() ?? '',
      height: Math.round(label.getBoundingClientRect().height * 10) / 10,
    })),
  );
  expect(labelHeights.length).toBeGreaterThanOrEqual(5);
  expect(labelHeights.filter((label) => label.height < 11)).toEqual([]);
  const row = page.getByRole('row').filter({ hasText: '產線導入說明會贈點' });
  await expect(row).toContainText(points.records.kinds.bonus);
  await expect(row).toContainText('+12.5');
  // The platform's usage has its own list on the page.
  const usage = page.getByRole('region', { name: points.usage.title });
  await expect(usage).toContainText(points.usage.total_one.replace('{{count}}', '1'));
  await expect(usage.getByRole('row').filter({ hasText: points.usage.tasks.training })).toContainText('-1.5');

  await page.getByLabel(points.lowBalance.threshold).fill('20');
  await page.getByRole('button', { name: points.lowBalance.save }).click();
  const banner = page.getByRole('status').filter({ hasText: points.banner.title.replace('{{threshold}}', '20.0') });
  await expect(banner).toHaveCount(1);
  await expect(banner.getByRole('link', { name: points.banner.buy })).toBeVisible();

  await keepScreenshot(page, 'point-record');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: points.records.exportBig5 }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('point-record.csv');
  const bytes = fs.readFileSync((await download.path())!);
  const text = iconv.decode(bytes, 'big5');
  expect(text.split('\n')[0]).toBe('日期,類別,專案類型,點數,已付款,訂單編號,對象,說明,經辦人');
  expect(text).toContain('贈送點數,M Point,12.5,是,,,產線導入說明會贈點,admin@inspectra.example');
  expect(bytes.includes(Buffer.from('產線導入說明會贈點'))).toBe(false);

  // Below its alert, the account's banner follows the member across the management centre.
  await page.goto('/management-center/member');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: points.banner.records })).toHaveAttribute('href', '/management-center/point-record');
  await keepScreenshot(page, 'low-balance-banner');
  expect(await pageProblems(page, 'member page with the low-balance banner', { axe: true })).toEqual([]);
  await banner.getByRole('link', { name: points.banner.buy }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/management-center\/buy-points$/);
  await expect(banner).toBeVisible();

  await page.goto('/management-center/point-record');
  await page.getByLabel(points.lowBalance.threshold).fill('10');
  await page.getByRole('button', { name: points.lowBalance.save }).click();
  await expect(page.getByTestId('low-balance-banner')).toHaveCount(0);
  const alertRead = page.waitForResponse((response) => response.url().includes('points.lowBalance'));
  await page.goto('/management-center/member');
  await alertRead;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('low-balance-banner')).toHaveCount(0);
});

test('the records pages are for members only and page through the records by keyboard, focus kept at either end', async ({ page }) => {
  atDesktopOnly();
  await openIn(page, 'en', '/management-center/point-transfer-record');
  await expect(page).toHaveURL(/\/401$/);
  const member = await activeMember(baseURL(), { label: 'points-paging', language: 'en' });
  const staff = await asSuperStaff(baseURL());
  try {
    for (let index = 1; index <= 21; index += 1) await staff.mutate('points.admin.grantBonus', { account: member.email, points: index, reason: `Grant ${index}` });
  } finally {
    await staff.dispose();
  }
  const points = texts('en', 'points');
  await signInMember(page, 'en', member);
  await page.goto('/management-center/point-record');
  await expect(page.getByText(points.records.total_other.replace('{{count}}', '21'))).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Grant 21' })).toBeVisible();
  // English has the longest labels (the Big5 export's button made this page 387 px wide on a 360 px phone).
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  // By keyboard: the pressed button is disabled at either end, and focus moves to the other one.
  const previous = page.getByRole('button', { name: points.records.previous });
  const next = page.getByRole('button', { name: points.records.next });
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('row').filter({ hasText: 'Grant 1' }).first()).toBeVisible();
  await expect(page.getByText(points.records.page.replace('{{page}}', '2').replace('{{pages}}', '2'))).toBeVisible();
  await expect(next).toBeDisabled();
  await expect(previous).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(points.records.page.replace('{{page}}', '1').replace('{{pages}}', '2'))).toBeVisible();
  await expect(next).toBeFocused();
  await page.goto('/management-center/point-transfer-record');
  await expect(page.getByRole('heading', { level: 1, name: points.records.transfersTitle })).toBeVisible();
  await expect(page.getByText(points.records.empty)).toBeVisible();
});
