import { expect, test, type Page } from '@playwright/test';
import { totpCode } from '../../src/server/modules/auth/totp';
import type { Language } from '../../src/shared/languages';
import { activateByEmail, activeMember, mailedLink, setSecuritySettings, submitSignIn, uniqueEmail, useOwnAddress } from './accounts-support';
import { languages, openIn, texts } from './support';

const baseURL = () => process.env.E2E_BASE_URL!;

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});

/** The header's language switcher (the member page has a language select of its own). */
function languageSwitcher(page: Page, language: Language) {
  return page.getByRole('banner').getByRole('combobox', { name: texts(language, 'common').language.label, exact: true });
}

async function signOutThroughMenu(page: Page, language: Language, name: string) {
  const auth = texts(language, 'auth');
  const greeting = page.getByRole('button', { name: auth.menu.greeting.replace('{{name}}', name) });
  await greeting.click();
  await page.getByRole('menuitem', { name: auth.menu.signOut }).click();
  await expect(page.getByRole('status').filter({ hasText: auth.menu.signedOut })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL()}/`);
  await expect(greeting).toHaveCount(0);
}

for (const language of languages) {
  test(`a new enterprise registers in ${language}, verifies its e-mail, is activated, signs in and out`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone' ? language !== 'en' : language === 'en', 'each language once: English at phone width, the other three at desktop width');
    const auth = texts(language, 'auth');
    const accounts = texts(language, 'accounts');
    const email = uniqueEmail(`signup-${language.toLowerCase()}-${testInfo.project.name}`);
    const name = '王大明';

    await openIn(page, language, '/signup?uuid=demo-42');
    await expect(page).toHaveTitle(`${texts(language, 'common').pages.signup} | Inspectra`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

    // Nothing filled in: every field says it is required; a free-mail address is refused.
    await page.getByRole('button', { name: auth.signup.submit, exact: true }).click();
    await expect(page.getByText(texts(language, 'validation').required).first()).toBeVisible();
    await page.getByLabel(auth.fields.email).fill('wang.daming@gmail.com');
    await page.getByRole('button', { name: auth.signup.submit, exact: true }).click();
    await expect(page.getByText(texts(language, 'validation').companyEmail)).toBeVisible();

    await page.getByLabel(auth.fields.companyName).fill('大明光電股份有限公司');
    await page.getByLabel(auth.fields.taxId).fill('Tw53106273');
    await page.getByLabel(auth.fields.name).fill(name);
    await page.getByLabel(auth.fields.phone).fill('03-578-1234');
    await page.getByLabel(auth.fields.email).fill(email);
    await page.getByLabel(auth.fields.password, { exact: true }).fill('Optics-line-2026');
    await page.getByLabel(auth.fields.confirmPassword).fill('Optics-line-2026');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: auth.signup.submit, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: auth.signup.doneTitle })).toBeVisible();

    // Signing in before verification says what is missing.
    await page.goto('/login?uuid=demo-42');
    await submitSignIn(page, language, { email, password: 'Optics-line-2026' });
    await expect(page.getByText(auth.login.missing.emailVerification)).toBeVisible();
    await expect(page.getByText(auth.login.missing.staffActivation)).toBeVisible();

    const link = await mailedLink(email, '/verify-email');
    await page.goto(link);
    await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
    await expect(page.getByText(auth.verify.awaitActivation)).toBeVisible();
    // The link works once.
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await page.reload();
    await expect(page.getByText(auth.verify.expired)).toBeVisible();

    await activateByEmail(baseURL(), email);
    await page.goto('/login?uuid=demo-42');
    await submitSignIn(page, language, { email: email.toUpperCase(), password: 'Optics-line-2026' });
    await expect(page).toHaveURL(/\/management-center\/member$/);
    await expect(page.getByRole('heading', { level: 1, name: accounts.profile.title })).toBeVisible();
    await expect(page.getByLabel(accounts.profile.fields.companyName)).toHaveValue('大明光電股份有限公司');
    await signOutThroughMenu(page, language, name);

    await page.goto('/management-center/member');
    await expect(page).toHaveURL(/\/401$/);
  });
}

test('sign-in says which account does not exist and when the password is wrong', async ({ page }) => {
  const member = await activeMember(baseURL(), { label: 'wrong-password', language: 'en' });
  const errors = texts('en', 'errors');
  await openIn(page, 'en', '/login');
  await submitSignIn(page, 'en', { email: 'nobody.here@precision-optics.example', password: 'whatever1' });
  await expect(page.getByRole('alert').filter({ hasText: errors.UserNotFound })).toBeVisible();
  await submitSignIn(page, 'en', { email: member.email, password: 'not-the-password' });
  await expect(page.getByRole('alert').filter({ hasText: errors.IncorrectPassword })).toBeVisible();
});

test('the management centre: /401 when signed out; the bare and unknown paths open the member page; the menu lists its pages', async ({ page }, testInfo) => {
  const member = await activeMember(baseURL(), { label: 'frame', language: 'en' });
  await openIn(page, 'en', '/management-center');
  await expect(page).toHaveURL(/\/401$/);
  await page.goto('/login');
  await submitSignIn(page, 'en', member);
  await expect(page).toHaveURL(/\/management-center\/member$/);
  await page.goto('/management-center');
  await expect(page).toHaveURL(/\/management-center\/member$/);
  await page.goto('/management-center/no-such-page');
  await expect(page).toHaveURL(/\/management-center\/member$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

  if (testInfo.project.name === 'phone') {
    // Under 570 px the side menu is a drawer.
    await expect(page.getByRole('navigation', { name: texts('en', 'common').managementCenter.nav.label })).toBeHidden();
    await page.getByRole('button', { name: texts('en', 'common').managementCenter.nav.open }).click();
  }
  const menu = page.getByRole('navigation', { name: texts('en', 'common').managementCenter.nav.label });
  const nav = texts('en', 'common').managementCenter.nav;
  const pages = texts('en', 'common').pages;
  await expect(menu.getByRole('link')).toHaveText([nav.member, nav.security, pages.hostInfo, pages.deviceBinding, pages.pointRecord, pages.pointTransferRecord, nav.courses, nav.orders, nav.buyPoints, pages.planExchangeRecord, pages.download]);
  await menu.getByRole('link', { name: texts('en', 'common').managementCenter.nav.security }).click();
  await expect(page.getByRole('heading', { level: 1, name: texts('en', 'auth').security.title })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a member changes the password; only the new one signs in afterwards', async ({ page }) => {
  const member = await activeMember(baseURL(), { label: 'password', language: 'en' });
  const auth = texts('en', 'auth');
  await openIn(page, 'en', '/login');
  await submitSignIn(page, 'en', member);
  await expect(page).toHaveURL(/\/management-center\/member$/);
  await page.goto('/management-center/security');
  await page.getByLabel(auth.fields.currentPassword).fill('not-my-password');
  await page.getByLabel(auth.fields.newPassword).fill('Brand-new-lens-7');
  await page.getByLabel(auth.fields.confirmPassword).fill('Brand-new-lens-7');
  await page.getByRole('button', { name: texts('en', 'auth').security.password.submit }).click();
  await expect(page.getByText(texts('en', 'validation').currentPasswordWrong)).toBeVisible();
  await page.getByLabel(auth.fields.currentPassword).fill(member.password);
  await page.getByRole('button', { name: texts('en', 'auth').security.password.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: texts('en', 'auth').security.password.changed })).toBeVisible();
  await signOutThroughMenu(page, 'en', member.name);

  await page.goto('/login');
  await submitSignIn(page, 'en', member);
  await expect(page.getByRole('alert').filter({ hasText: texts('en', 'errors').IncorrectPassword })).toBeVisible();
  await submitSignIn(page, 'en', { email: member.email, password: 'Brand-new-lens-7' });
  await expect(page).toHaveURL(/\/management-center\/member$/);
});

test('a member uploads a business card; a file that is not one is refused in words, and a second needs the replace box', async ({ page }) => {
  const member = await activeMember(baseURL(), { label: 'card', language: 'en' });
  const card = texts('en', 'accounts').card;
  await openIn(page, 'en', '/login');
  await submitSignIn(page, 'en', member);
  await expect(page).toHaveURL(/\/management-center\/member$/);
  const file = page.getByLabel(card.file);
  const upload = page.getByRole('button', { name: card.upload, exact: true });

  await file.setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: Buffer.from('<html>not a card</html>') });
  await upload.click();
  await expect(page.getByRole('alert').filter({ hasText: card.wrongType })).toBeVisible();
  await expect(file).toHaveAttribute('aria-invalid', 'true');

  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);
  await file.setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: png });
  await upload.click();
  await expect(page.getByText(card.onFile)).toBeVisible();
  await expect(file).not.toHaveAttribute('aria-invalid', 'true');
  // Its notice closed by hand, so that the one after the replacement below is that upload's own.
  const uploaded = page.getByRole('status').filter({ hasText: card.uploaded });
  await uploaded.getByRole('button', { name: texts('en', 'common').actions.close }).click();
  await expect(uploaded).toHaveCount(0);

  // The server's refusal (FileExist) reaches the member in the catalogue's words.
  await file.setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: png });
  await upload.click();
  await expect(page.getByRole('alert').filter({ hasText: texts('en', 'errors').FileExist })).toBeVisible();
  await page.getByLabel(card.replace).check();
  await upload.click();
  await expect(page.getByRole('status').filter({ hasText: card.uploaded })).toBeVisible();
});

test('the business card field speaks the portal language, not the browser one, and is reached and opened from the keyboard', async ({ page }) => {
  const member = await activeMember(baseURL(), { label: 'card-ja', language: 'ja' });
  const accounts = texts('ja', 'accounts');
  const fileInput = texts('ja', 'common').fileInput;
  await openIn(page, 'ja', '/login');
  await submitSignIn(page, 'ja', member);
  await expect(page).toHaveURL(/\/management-center\/member$/);
  const section = page.getByRole('region', { name: accounts.card.title });
  const file = section.getByLabel(accounts.card.file);
  const button = section.locator('label').filter({ hasText: fileInput.choose });
  const chosen = section.getByText(fileInput.none);

  // The portal's words, not Chromium's 'Choose File' / 'No file chosen', and the screen reader hears the state.
  await expect(button).toHaveText(fileInput.choose);
  await expect(chosen).toBeVisible();
  await expect(file).toHaveAccessibleDescription(new RegExp(`^${fileInput.none}`));

  // Asked for before the keys are pressed: Playwright catches the picker only once the browser has been told to hand it over.
  let picker = page.waitForEvent('filechooser');
  // The field after the language select is the file's, with a ring drawn on the button while it has the keyboard's focus.
  await expect(button).toHaveCSS('outline-style', 'none');
  await page.getByRole('region', { name: accounts.language.title }).getByRole('combobox').focus();
  await page.keyboard.press('Tab');
  await expect(file).toBeFocused();
  expect(await file.evaluate((input) => input.matches(':focus-visible'))).toBe(true);
  await expect(button).toHaveCSS('outline-style', 'solid');
  await expect(button).toHaveCSS('outline-width', '2px');

  // Enter opens the picker, and so does Space; the chosen file's name replaces 'No file chosen'.
  await page.keyboard.press('Enter');
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);
  await (await picker).setFiles({ name: 'meishi.png', mimeType: 'image/png', buffer: png });
  picker = page.waitForEvent('filechooser');
  await expect(section.getByText('meishi.png', { exact: true })).toBeVisible();
  await expect(file).toHaveAccessibleDescription(/^meishi\.png/);
  await expect(file).toBeFocused();
  await page.keyboard.press('Space');
  await (await picker).setFiles({ name: 'meishi-back.png', mimeType: 'image/png', buffer: png });
  await expect(section.getByText('meishi-back.png', { exact: true })).toBeVisible();

  // A long name is cut short on the line, whole in its tooltip, and the page does not grow sideways.
  const longName = '名刺_成宏精密部品股份有限公司_営業部_林志明_2025年改訂版_表裏スキャン_高解像度.png';
  await file.setInputFiles({ name: longName, mimeType: 'image/png', buffer: png });
  const longShown = section.getByTitle(longName);
  await expect(longShown).toHaveText(longName);
  expect(await longShown.evaluate((span) => span.scrollWidth > span.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  const box = (await button.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);

  await section.getByRole('button', { name: accounts.card.upload, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: accounts.card.uploaded })).toBeVisible();
  // Sent, the field holds no file any more and says so.
  await expect(section.getByText(fileInput.none)).toBeVisible();
});

test('the language chosen while signed in comes back at the next sign-in', async ({ page }) => {
  const member = await activeMember(baseURL(), { label: 'language', language: 'zh-TW' });
  // Chosen once, not on every load (as openIn does), so that the switch below is what the next pages see.
  await page.goto('/login');
  await page.evaluate(() => window.localStorage.setItem('portal.language', 'zh-TW'));
  await page.reload();
  await submitSignIn(page, 'zh-TW', member);
  await expect(page.getByRole('heading', { level: 1, name: texts('zh-TW', 'accounts').profile.title })).toBeVisible();

  const stored = page.waitForResponse((response) => response.url().includes('/trpc/accounts.setLanguage') && response.ok());
  await languageSwitcher(page, 'zh-TW').selectOption('ja');
  await stored;
  await expect(page.getByRole('heading', { level: 1, name: texts('ja', 'accounts').profile.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await page.goto('/management-center/security');
  await expect(page.getByRole('heading', { level: 1, name: texts('ja', 'auth').security.title })).toBeVisible();
  await signOutThroughMenu(page, 'ja', member.name);

  // Signed out, the visitor switches to English; signing in brings back the member's Japanese.
  await languageSwitcher(page, 'ja').selectOption('en');
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: texts('en', 'auth').login.title })).toBeVisible();
  await submitSignIn(page, 'en', member);
  await expect(page.getByRole('heading', { level: 1, name: texts('ja', 'accounts').profile.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
});

test.describe('two-step verification', () => {
  test.afterEach(async () => {
    await setSecuritySettings(baseURL(), { userTotpVerify: false });
  });

  test('a member enrols an authenticator, keeps the recovery codes, and signs in with a code', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'the security setting is portal-wide; one run is enough');
    const member = await activeMember(baseURL(), { label: 'totp', language: 'en' });
    const auth = texts('en', 'auth');
    await setSecuritySettings(baseURL(), { userTotpVerify: true });

    await openIn(page, 'en', '/login');
    await submitSignIn(page, 'en', member);
    await expect(page.getByRole('heading', { level: 1, name: texts('en', 'auth').pending.enrolTotp.title })).toBeVisible();
    await page.getByRole('button', { name: texts('en', 'auth').security.totp.start }).click();
    await expect(page.getByRole('img', { name: texts('en', 'auth').security.totp.qrAlt })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel(auth.fields.totpCode).fill('000000');
    await page.getByRole('button', { name: texts('en', 'auth').security.totp.confirm }).click();
    await expect(page.getByText(texts('en', 'validation').totpCode)).toBeVisible();
    await page.getByLabel(auth.fields.totpCode).fill(totpCode(secret, new Date()));
    await page.getByRole('button', { name: texts('en', 'auth').security.totp.confirm }).click();
    const codes = page.getByRole('list', { name: texts('en', 'auth').security.totp.codesLabel }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await page.getByRole('button', { name: texts('en', 'auth').security.totp.continue }).click();
    await expect(page.getByRole('heading', { level: 1, name: texts('en', 'accounts').profile.title })).toBeVisible();
    await signOutThroughMenu(page, 'en', member.name);

    await page.goto('/login');
    await submitSignIn(page, 'en', member);
    await expect(page.getByRole('heading', { name: auth.totp.title })).toBeVisible();
    // The code of the next 30-second step: the one used for the enrolment does not work twice.
    await page.getByLabel(auth.fields.totpCode).fill(totpCode(secret, new Date(Date.now() + 30_000)));
    await page.getByRole('button', { name: auth.totp.submit }).click();
    await expect(page).toHaveURL(/\/management-center\/member$/);
    await expect(page.getByRole('heading', { level: 1, name: texts('en', 'accounts').profile.title })).toBeVisible();
  });
});

test('after the idle time-out the next page says the login expired', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'one run is enough');
  // This portal runs with SESSION_IDLE_SECONDS=3 (see global-setup.ts).
  const shortSessions = process.env.E2E_SHORT_SESSION_URL!;
  const member = await activeMember(shortSessions, { label: 'idle', language: 'en' });
  const auth = texts('en', 'auth');
  await page.addInitScript(() => window.localStorage.setItem('portal.language', 'en'));
  await page.goto(`${shortSessions}/login`);
  await submitSignIn(page, 'en', member);
  await expect(page.getByRole('heading', { level: 1, name: texts('en', 'accounts').profile.title })).toBeVisible();

  // Idle for longer than the time-out, then go on to another page.
  await page.waitForTimeout(4_000);
  await page.getByRole('navigation', { name: texts('en', 'common').managementCenter.nav.label }).getByRole('link', { name: texts('en', 'common').managementCenter.nav.security }).click();
  await expect(page.getByRole('status').filter({ hasText: auth.menu.loginExpired })).toBeVisible();
  await expect(page).toHaveURL(/\/401$/);
  await expect(page.getByRole('button', { name: auth.menu.greeting.replace('{{name}}', member.name) })).toHaveCount(0);
});

test('signing in and out works from the keyboard alone', async ({ page }) => {
  const member = await activeMember(baseURL(), { label: 'keyboard', language: 'en' });
  const auth = texts('en', 'auth');
  await openIn(page, 'en', '/login');
  await page.getByLabel(auth.fields.email).focus();
  await page.keyboard.type(member.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(auth.fields.password, { exact: true })).toBeFocused();
  await page.keyboard.type(member.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/management-center\/member$/);

  const menuButton = page.getByRole('button', { name: auth.menu.greeting.replace('{{name}}', member.name) });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: auth.menu.managementCenter })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: auth.menu.signOut })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: auth.menu.signedOut })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL()}/`);
});
