import { expect, test } from '@playwright/test';
import { totpCode } from '../../src/server/modules/auth/totp';
import { useOwnAddress } from './accounts-support';
import { newcomerPassword } from './staff-support';
import { keepScreenshot, openIn, texts } from './support';

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});

test('staff without an authenticator enrol one at the first sign-in, keep their recovery codes, and need a code from then on', async ({ page }, testInfo) => {
  const admin = texts('en', 'admin');
  const email = `newcomer-${testInfo.project.name}@inspectra.example`;
  await openIn(page, 'en', '/admin/sign-in');
  await page.getByLabel(admin.signIn.email).fill(email);
  await page.getByLabel(admin.signIn.password).fill(newcomerPassword);
  await page.getByRole('button', { name: admin.signIn.submit }).click();

  // The enrolment step: a QR code and the key to type in, then a first code.
  await expect(page.getByRole('heading', { level: 2, name: admin.signIn.enrolTitle })).toBeVisible();
  await expect(page.getByRole('img', { name: admin.signIn.qrAlt })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await keepScreenshot(page, 'enrol');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // A code of another time is refused at the field, by keyboard.
  const code = page.getByLabel(admin.signIn.code);
  await code.fill(totpCode(secret, new Date(Date.now() + 10 * 60_000)));
  await code.press('Enter');
  await expect(page.getByText(texts('en', 'validation').totpCode)).toBeVisible();

  await code.fill(totpCode(secret, new Date()));
  await page.getByRole('button', { name: admin.signIn.confirm }).click();
  const codes = page.getByRole('list', { name: admin.signIn.codesLabel }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[A-Z2-7]{6}(-[A-Z2-7]{6}){3}$/);
  const recovery = (await codes.first().textContent())!;
  await page.getByRole('button', { name: admin.signIn.continue }).click();
  await expect(page.getByRole('heading', { level: 1, name: admin.overview.title })).toBeVisible();

  // Signed out, the password alone asks for a code; a recovery code signs in instead of the app.
  await page.getByRole('button', { name: admin.signOut }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await page.getByLabel(admin.signIn.email).fill(email);
  await page.getByLabel(admin.signIn.password).fill(newcomerPassword);
  await page.getByRole('button', { name: admin.signIn.submit }).click();
  await expect(page.getByLabel(admin.signIn.code)).toBeVisible();
  await page.getByRole('button', { name: admin.signIn.useRecovery }).click();
  await page.getByLabel(admin.signIn.recoveryCode).fill(recovery);
  await page.getByRole('button', { name: admin.signIn.verify }).click();
  await expect(page.getByRole('heading', { level: 1, name: admin.overview.title })).toBeVisible();
});
