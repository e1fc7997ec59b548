import { expect, test } from '@playwright/test';
import { activeMember, signInMember, superStaffCookies, useOwnAddress } from './accounts-support';
import { keepScreenshot, openIn, texts } from './support';

const baseURL = () => process.env.E2E_BASE_URL!;
/** A text as a pattern that finds it inside a longer one (an accessible description holds the hint and the error). */
const within = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});

test('points staff look up an account, grant it bonus points after a refused amount, and the member sees them in the point records', async ({ page }) => {
  const admin = texts('en', 'admin');
  const points = texts('en', 'points');
  const t = points.admin.accountPoints;
  const validation = texts('en', 'validation');
  const member = await activeMember(baseURL(), { label: 'bonus', language: 'en' });

  // The demo super staff's kept session: no new authenticator step (a code works once).
  await page.context().addCookies(await superStaffCookies(baseURL()));
  await openIn(page, 'en', '/admin');
  await expect(page.getByRole('heading', { level: 1, name: admin.overview.title })).toBeVisible();
  const menu = page.getByRole('navigation', { name: admin.menu.label });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: admin.menu.open }).click();
  await menu.getByRole('link', { name: admin.screens.accountPoints }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

  // An address no member has: the catalogue's message on the field, no account shown.
  const lookup = page.getByLabel(t.lookup.label);
  await lookup.fill(`nobody.${Date.now().toString(36)}@precision-optics.example`);
  await page.getByRole('button', { name: t.lookup.submit }).click();
  await expect(lookup).toHaveAccessibleDescription(within(texts('en', 'errors').UserNotFound));
  await expect(page.getByRole('heading', { level: 2, name: t.grant.title })).toHaveCount(0);

  await lookup.fill(member.email);
  await lookup.press('Enter');
  const balanceHeading = page.getByRole('heading', { level: 2, name: new RegExp(`^${t.balanceTitle.replace('{{groupId}}', '[A-Z0-9]{14}')}$`) });
  await expect(balanceHeading).toBeVisible();
  const groupId = /\b([A-Z0-9]{14})\b/.exec((await balanceHeading.textContent()) ?? '')?.[1];
  await expect(page.getByText(t.foundBy.replace('{{reference}}', member.email))).toBeVisible();
  await expect(page.getByText(t.retrieved)).toBeVisible();
  const general = page.getByTestId('account-type-9');
  await expect(general.getByRole('cell')).toHaveText([points.projectTypes['9'], '0.0', '0.0', '0.0']);

  // Too many decimals and no reason: both fields say why, nothing is asked or granted.
  const amount = page.getByLabel(t.grant.points, { exact: true });
  const reason = page.getByLabel(t.grant.reason, { exact: true });
  await amount.fill('2.55');
  await page.getByRole('button', { name: t.grant.submit }).click();
  await expect(amount).toHaveAccessibleDescription(within(validation.points));
  await expect(reason).toHaveAccessibleDescription(within(validation.required));
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(general.getByRole('cell')).toHaveText([points.projectTypes['9'], '0.0', '0.0', '0.0']);

  const why = `Thanks for reporting the lens-flare defect set (${Date.now().toString(36)})`;
  await amount.fill('2.5');
  await reason.fill(why);
  await page.getByRole('button', { name: t.grant.submit }).click();
  const confirm = page.getByRole('alertdialog', { name: t.grant.confirmTitle.replace('{{points}}', '2.5') });
  await expect(confirm).toContainText(why);
  await expect(confirm).toContainText(member.email);
  await keepScreenshot(page, 'admin-account-points-confirm');
  await confirm.getByRole('button', { name: t.grant.confirm }).click();

  const account = t.accountName.replace('{{reference}}', member.email).replace('{{groupId}}', groupId!);
  await expect(page.getByRole('status').filter({ hasText: t.grant.done.replace('{{points}}', '2.5').replace('{{account}}', account) })).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(general.getByRole('cell')).toHaveText([points.projectTypes['9'], '2.5', '0.0', '2.5']);
  await expect(page.getByRole('img', { name: points.balance.chartTitle })).toBeVisible();
  await expect(amount).toHaveValue('');

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await keepScreenshot(page, 'admin-account-points');

  // Signed out of the back office and in as the member: they see the bonus in their balance and in the point records with the reason.
  await page.context().clearCookies();
  await signInMember(page, 'en', member);
  await page.goto('/management-center/point-record');
  await expect(page.getByTestId('points-remaining')).toContainText('2.5');
  const row = page.getByRole('row').filter({ hasText: points.records.kinds.bonus });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('+2.5');
  await expect(row).toContainText(why);
});
