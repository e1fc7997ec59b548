import { expect, test } from '@playwright/test';
import { activeMember, signInMember, useOwnAddress } from './accounts-support';
import { signInDemoStaff } from './staff-support';
import { keepScreenshot, openIn, openSideMenu, problemsOfPages, texts } from './support';

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});

test('the back office keeps its own sign-in beside a member, lists only permitted screens, and refuses the others in words', async ({ page }) => {
  const admin = texts('en', 'admin');
  const member = await activeMember(test.info().project.use.baseURL!, { label: 'console', language: 'en' });

  // A member signs in on the public site.
  await signInMember(page, 'en', member);

  // The member session does not open the back office: it asks for a staff sign-in.
  await page.goto('/admin/security');
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Fsecurity$/);
  await expect(page).toHaveTitle(`${admin.signIn.title} | ${admin.title.replace('{{brand}}', 'Inspectra')}`);

  // Customer service: no security screen in the menu, and its address says 'no permission'.
  await signInDemoStaff(page, 'service@inspectra.example');
  await expect(page.getByRole('heading', { level: 1, name: admin.noPermission.title })).toBeVisible();
  const menu = await openSideMenu(page, 'admin');
  await expect(menu.getByRole('link', { name: admin.screens.security })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: admin.overview.title })).toBeVisible();
  await keepScreenshot(page, 'no-permission');

  // The member is still signed in on the public site meanwhile.
  await page.goto('/management-center/member');
  await expect(page).toHaveURL(/\/management-center\/member$/);
  await expect(page.getByText(member.email).first()).toBeVisible();

  // Sign out of the back office and in again as super staff: the security screen opens and saves.
  await page.goto('/admin');
  await page.getByRole('button', { name: admin.signOut }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await signInDemoStaff(page, 'admin@inspectra.example');
  await expect(page.getByRole('heading', { level: 1, name: admin.overview.title })).toBeVisible();
  await (await openSideMenu(page, 'admin')).getByRole('link', { name: admin.screens.security }).click();
  const settings = texts('en', 'settings');
  await expect(page.getByRole('heading', { level: 1, name: settings.security.title })).toBeVisible();
  await expect(page.getByLabel(settings.security.passwordMaxDays)).toHaveValue(/\d+/);
  await page.getByRole('button', { name: settings.security.save }).click();
  await expect(page.getByRole('status').filter({ hasText: settings.security.saved })).toBeVisible();
  await keepScreenshot(page, 'security');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // And the member's session survived both staff sign-ins and the sign-out.
  await page.goto('/management-center/member');
  await expect(page).toHaveURL(/\/management-center\/member$/);
});

test('every back-office screen fits the screen in every language and has no serious or critical accessibility violation', async ({ page }, testInfo) => {
  // Signing in and finding the screens; problemsOfPages adds each screen's time.
  test.setTimeout(60_000);
  const admin = texts('en', 'admin');
  await openIn(page, 'en', '/admin/security');
  await signInDemoStaff(page, 'admin@inspectra.example');
  // A saved setting writes the audit log, so that its list has rows (their before/after labels are placed absolutely).
  const settings = texts('en', 'settings');
  await page.getByRole('button', { name: settings.security.save }).click();
  await expect(page.getByRole('status').filter({ hasText: settings.security.saved })).toBeVisible();

  const menu = await openSideMenu(page, 'admin');
  const addresses = await menu.getByRole('link').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  // Super staff see every screen: the overview and the fifteen of admin:screens.
  expect(addresses).toHaveLength(Object.keys(admin.screens).length + 1);
  const problems = await problemsOfPages(page, addresses, testInfo.project.name);
  expect(problems).toEqual([]);
});
