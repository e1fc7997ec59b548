import { expect, request, test, type Page } from '@playwright/test';
import superjson from 'superjson';
import { activeMember, freshAddress, superStaffCookies, useOwnAddress } from './accounts-support';
import { keepScreenshot, openIn, texts } from './support';

const baseURL = () => process.env.E2E_BASE_URL!;
const points = texts('en', 'points').admin;
const decision = texts('en', 'admin').trialDecision;

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});

/** A new activated member who has applied for trial points, through the API the member's page uses; their e-mail. */
async function applicant(label: string): Promise<string> {
  const member = await activeMember(baseURL(), { label, language: 'en' });
  const context = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { 'x-forwarded-for': freshAddress() } });
  try {
    for (const [path, input] of [
      ['auth.signIn', { email: member.email, password: member.password }],
      ['points.applyForTrial', { reason: 'Burrs on stamped brackets, checked by eye on two lines.' }],
    ] as const) {
      const response = await context.post(`/trpc/${path}`, { data: superjson.serialize(input), headers: { 'content-type': 'application/json' } });
      expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    }
  } finally {
    await context.dispose();
  }
  return member.email;
}

const approveName = (email: string) => points.approveFor.replace('{{email}}', email);
const refuseName = (email: string) => points.refuseFor.replace('{{email}}', email);

/** The approve buttons of the open applications, top to bottom, by their names (read with no dialog open, which hides the page). */
const approveButtonNames = (page: Page) => page.getByRole('button', { name: /^Approve the application of / }).evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')!));

/** Where the keyboard should land once `email` is decided: the next open application's approve button, the one before after the last, or the heading. */
async function expectedFocusAfter(page: Page, email: string) {
  const names = await approveButtonNames(page);
  const at = names.indexOf(approveName(email));
  const next = names[at + 1] ?? names[at - 1];
  return next ? page.getByRole('button', { name: next, exact: true }) : page.getByRole('heading', { level: 1, name: points.title });
}

test('a trial application is approved or refused only after a confirmation, and the keyboard goes on to the next application', async ({ page }) => {
  test.setTimeout(60_000);
  const first = await applicant('trial-first');
  const second = await applicant('trial-second');
  await page.context().addCookies(await superStaffCookies(baseURL()));
  await openIn(page, 'en', '/admin/trialPoints');
  await expect(page.getByRole('heading', { level: 1, name: points.title })).toBeVisible();
  const dialog = page.getByRole('alertdialog');

  // A key press asks first: nothing is decided, and going back puts the keyboard on the same button.
  const approveFirst = page.getByRole('button', { name: approveName(first), exact: true });
  await approveFirst.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: decision.approveTitle.replace('{{email}}', first) })).toBeVisible();
  await expect(dialog.getByRole('button', { name: decision.keep })).toBeFocused();
  await keepScreenshot(page, 'admin-trial-confirm');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(approveFirst).toBeFocused();
  await page.reload();
  await expect(page.getByRole('button', { name: approveName(first), exact: true })).toBeVisible();
  await expect(page.getByText(points.approved.replace('{{email}}', first))).toHaveCount(0);

  // Confirmed: approved, announced, and the keyboard is on the next open application.
  let focusAfter = await expectedFocusAfter(page, first);
  await page.getByRole('button', { name: approveName(first), exact: true }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: points.approve, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: points.approved.replace('{{email}}', first) })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: approveName(first), exact: true })).toHaveCount(0);
  await expect(focusAfter).toBeFocused();
  await expect(page.locator('body')).not.toBeFocused();

  // Refused from the keyboard alone, after its confirmation.
  const refuseSecond = page.getByRole('button', { name: refuseName(second), exact: true });
  focusAfter = await expectedFocusAfter(page, second);
  await refuseSecond.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('heading', { name: decision.refuseTitle.replace('{{email}}', second) })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: points.refuse, exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: points.refused.replace('{{email}}', second) })).toBeVisible();
  await expect(refuseSecond).toHaveCount(0);
  await expect(focusAfter).toBeFocused();

  // Both stand decided in the full list.
  await page.getByLabel(points.filter).selectOption({ label: points.all });
  const row = (email: string) => page.getByRole('row').filter({ hasText: email });
  await expect(row(first)).toContainText(points.statuses.approved);
  await expect(row(second)).toContainText(points.statuses.refused);
});
