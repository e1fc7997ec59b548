import { expect, test, type Page } from '@playwright/test';
import superjson from 'superjson';
import { activeMember, signInMember, useOwnAddress } from './accounts-support';
import { totpCode } from '../../src/server/modules/auth/totp';
import { signInDemoStaff } from './staff-support';
import { keepScreenshot, openSideMenu, texts } from './support';

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});

/** A new staff member's first sign-in: password, then enrolling an authenticator (its key read off the page), then the recovery codes. */
async function firstSignIn(page: Page, email: string, password: string) {
  const admin = texts('en', 'admin');
  await page.getByLabel(admin.signIn.email).fill(email);
  await page.getByLabel(admin.signIn.password).fill(password);
  await page.getByRole('button', { name: admin.signIn.submit }).click();
  await expect(page.getByRole('heading', { level: 2, name: admin.signIn.enrolTitle })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel(admin.signIn.code).fill(totpCode(secret, new Date()));
  await page.getByRole('button', { name: admin.signIn.confirm }).click();
  await expect(page.getByRole('list', { name: admin.signIn.codesLabel }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: admin.signIn.continue }).click();
}

test('super staff add a customer-service colleague, who answers a contact message and sees only their screens, while a member stays signed in', async ({ page }, testInfo) => {
  const admin = texts('en', 'admin');
  const member = await activeMember(testInfo.project.use.baseURL!, { label: 'staff-e2e', language: 'en' });
  const colleague = `desk.${testInfo.project.name}.${Date.now()}@inspectra.example`;
  const colleaguePassword = 'service-desk-2026';

  // A member signs in on the public site.
  await signInMember(page, 'en', member);

  // Super staff add the colleague with the customer-service permission only.
  await page.goto('/admin/staff');
  await signInDemoStaff(page, 'admin@inspectra.example');
  await expect(page.getByRole('heading', { level: 1, name: admin.staff.title })).toBeVisible();
  await page.getByRole('button', { name: admin.staff.new }).click();
  await page.getByLabel(admin.staff.email).fill(colleague);
  await page.getByLabel(admin.staff.name).fill('客服 林佳蓉');
  await page.getByLabel(admin.staff.password).fill(colleaguePassword);
  await page.getByLabel(admin.permissions.customer_service).check();
  await page.getByRole('button', { name: admin.staff.add, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: colleague })).toBeVisible();
  await expect(page.getByRole('list', { name: admin.staff.title }).getByText(colleague)).toBeVisible();
  await keepScreenshot(page, 'staff');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The audit log shows the addition.
  await page.goto('/admin/audit');
  await expect(page.getByRole('cell', { name: `staff:${colleague}` })).toBeVisible();

  // The colleague signs in for the first time, enrolling an authenticator: the menu has no staff, audit or accounts screens, and their addresses say 'no permission'.
  await page.getByRole('button', { name: admin.signOut }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await firstSignIn(page, colleague, colleaguePassword);
  await expect(page.getByRole('heading', { level: 1, name: admin.overview.title })).toBeVisible();
  const menu = await openSideMenu(page, 'admin');
  for (const screen of [admin.screens.staff, admin.screens.audit, admin.screens.accounts, admin.screens.courses, admin.screens.orders]) await expect(menu.getByRole('link', { name: screen })).toHaveCount(0);

  // The colleague answers a visitor's contact message from the inbox.
  const inbox = texts('en', 'messages').admin;
  const visitor = `visitor.${testInfo.project.name}.${Date.now()}@tainan-castings.example`;
  const sent = await page.request.post('/trpc/messages.submit', {
    data: superjson.serialize({ firstName: 'Mei', lastName: 'Kuo', email: visitor, phone: '+886 6 555 0199', type: 2, description: 'Can one camera inspect both sides of a casting?' }),
    headers: { 'content-type': 'application/json', 'x-portal-language': 'en' },
  });
  expect(sent.ok()).toBe(true);
  await menu.getByRole('link', { name: admin.screens.messages }).click();
  await page.getByRole('row').filter({ hasText: visitor }).getByRole('link').click();
  await page.getByLabel(inbox.replyLabel).fill('Yes, with a turning fixture; we can show it on your parts next week.');
  await page.getByRole('button', { name: inbox.send }).click();
  await expect(page.getByText(inbox.sent)).toBeVisible();

  // Order, staff, audit and account screens answer 'no permission'.
  for (const address of ['/admin/orders', '/admin/staff', '/admin/audit', '/admin/accounts']) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: admin.noPermission.title })).toBeVisible();
  }

  // The member is still signed in on the public site.
  await page.goto('/management-center/member');
  await expect(page).toHaveURL(/\/management-center\/member$/);
  await expect(page.getByText(member.email).first()).toBeVisible();
});
