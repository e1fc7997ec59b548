import { expect, test } from '@playwright/test';
import { activeMember, asSuperStaff, signInMember, useOwnAddress } from './accounts-support';
import { signInDemoStaff } from './staff-support';
import { keepScreenshot, openIn, texts } from './support';

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});

test('account staff enable a company as trial and upgrade its class, the member sees it, and a disabled member is signed out', async ({ page }, testInfo) => {
  const admin = texts('en', 'admin');
  const accounts = texts('en', 'accounts');
  const member = await activeMember(testInfo.project.use.baseURL!, { label: 'accounts-e2e', language: 'en' });

  await signInMember(page, 'en', member);

  await page.goto('/admin/accounts');
  await signInDemoStaff(page, 'accounts@inspectra.example');
  await expect(page.getByRole('heading', { level: 1, name: admin.accounts.title })).toBeVisible();
  await page.getByRole('searchbox', { name: admin.accounts.query }).fill(member.email);
  await page.getByRole('button', { name: admin.accounts.search, exact: true }).click();
  await page.getByRole('link', { name: member.company }).click();

  // The group page: not activated yet, so it offers the trial.
  await expect(page.getByRole('heading', { level: 1, name: member.company })).toBeVisible();
  await page.getByLabel(admin.accounts.defaultProjectType).selectOption({ label: admin.accounts.projectTypes['2'] });
  await page.getByRole('button', { name: admin.accounts.enableTrial }).click();
  await expect(page.getByText(admin.accounts.groupStatus['2'], { exact: false }).first()).toBeVisible();
  await page.getByRole('button', { name: admin.accounts.classActions.upgrade }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'normal → advanced' })).toBeVisible();
  await keepScreenshot(page, 'group');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The member's class record lists the upgrade.
  await page.goto('/management-center/plan-exchange-record');
  await expect(page.getByRole('heading', { level: 1, name: accounts.classes.title })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: accounts.classes.actions.upgrade })).toContainText(`${accounts.classes.names.normal} → ${accounts.classes.names.advanced}`);

  // Disabling the member signs them out at once.
  await page.goto('/admin/accounts');
  await page.getByRole('searchbox', { name: admin.accounts.query }).fill(member.email);
  await page.getByRole('button', { name: admin.accounts.search, exact: true }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: admin.accounts.disableOf.replace('{{email}}', member.email) }).click();
  await expect(page.getByText(admin.accounts.userDisabled)).toBeVisible();
  await page.goto('/management-center/member');
  await expect(page).not.toHaveURL(/\/management-center\/member$/);
});

test('a company given points before its trial keeps its platform domain: the trial form offers only that one and says why', async ({ page }, testInfo) => {
  const admin = texts('en', 'admin');
  const baseURL = testInfo.project.use.baseURL!;
  const member = await activeMember(baseURL, { label: 'accounts-credited-e2e', language: 'en' });
  const staff = await asSuperStaff(baseURL);
  try {
    await staff.mutate('points.admin.grantBonus', { account: member.email, points: 5, reason: 'Trade show demo' });
  } finally {
    await staff.dispose();
  }

  await openIn(page, 'en', '/admin/accounts');
  await signInDemoStaff(page, 'accounts@inspectra.example');
  await page.getByRole('searchbox', { name: admin.accounts.query }).fill(member.email);
  await page.getByRole('button', { name: admin.accounts.search, exact: true }).click();
  await page.getByRole('link', { name: member.company }).click();

  const domain = page.getByLabel(admin.accounts.domain);
  await expect(domain).toHaveValue('cloud-a');
  await expect(domain).toHaveAccessibleDescription(admin.accounts.trialDomainFixed.replace('{{domain}}', 'cloud-a'));
  await expect(domain.locator('option[value="trial-public"]')).toBeDisabled();
  await page.getByRole('button', { name: admin.accounts.enableTrial }).click();
  await expect(page.getByRole('button', { name: admin.accounts.classActions.upgrade })).toBeVisible();
  await expect(page.getByText('cloud-a', { exact: true })).toBeVisible();
});
