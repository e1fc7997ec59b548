import { expect, test, type Browser, type Page } from '@playwright/test';
import { demoMember } from '../../src/server/seed';
import type { Language } from '../../src/shared/languages';
import { activeMember, signInMember, useOwnAddress, type SignIn } from './accounts-support';
import { atDesktopOnly, texts } from './support';

/**
 * Teams and the platform (issue 11) with two browsers: the demo member (林志明, administrator of
 * a paid account on the platform, trial activated) and a newly registered member.
 */
const baseURL = () => process.env.E2E_BASE_URL!;
/** The demo member's stored language preference, which the portal takes on at sign-in. */
const adminLanguage: Language = 'zh-TW';

async function signIn(page: Page, language: Language, member: SignIn) {
  await useOwnAddress(page);
  await signInMember(page, language, member);
}

async function newSignedInPage(browser: Browser, language: Language, member: SignIn): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL() });
  const page = await context.newPage();
  await signIn(page, language, member);
  return page;
}

/** Opens the top bar's 'Use platform' menu and picks an entry. */
async function usePlatform(page: Page, language: Language, entry: string) {
  const auth = texts(language, 'auth');
  await page.getByRole('banner').getByRole('button', { name: auth.platform.menu }).click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
  await expect(page).toHaveURL(/\/platform-emulator\/login\?/);
}

async function memberRow(page: Page, email: string) {
  return page.getByTestId('team-member').filter({ hasText: email });
}

async function confirm(page: Page, action: string, email: string) {
  const teams = texts(adminLanguage, 'teams');
  await (await memberRow(page, email)).getByRole('button', { name: action }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: teams.members.confirm }).click();
}

test('an administrator creates a team, invites, names a deputy, removes and re-invites a member, who opens the team platform', async ({ browser }, testInfo) => {
  const language: Language = testInfo.project.name === 'phone' ? 'ja' : 'en';
  const teams = texts(adminLanguage, 'teams');
  const theirs = texts(language, 'teams');
  const colleague = await activeMember(baseURL(), { label: `teams-${testInfo.project.name}`, language });
  const admin = await newSignedInPage(browser, adminLanguage, demoMember);
  const member = await newSignedInPage(browser, language, colleague);
  const teamName = `鑄件氣孔檢測 ${testInfo.project.name}`;

  await admin.goto('/management-center/create-group');
  await admin.getByLabel(teams.create.name).fill(teamName);
  await admin.getByRole('button', { name: teams.create.submit }).click();
  await expect(admin).toHaveURL(/\/management-center\/team-members\?team=T[A-Z0-9]{14}$/);
  const teamId = new URL(admin.url()).searchParams.get('team')!;

  await admin.getByLabel(teams.members.inviteEmail).fill(colleague.email);
  await admin.getByRole('button', { name: teams.members.inviteSubmit }).click();
  await expect(await memberRow(admin, colleague.email)).toContainText(teams.roles['2']);

  await (await memberRow(admin, colleague.email)).getByRole('button', { name: teams.members.makeDeputy }).click();
  await expect(await memberRow(admin, colleague.email)).toContainText(teams.roles['1']);

  // The member sees the team in the platform menu and lands signed in in the team's space.
  await member.reload();
  await usePlatform(member, language, teamName);
  await expect(member.getByRole('heading', { level: 1 })).toHaveText(`Signed in as ${colleague.name}`);
  await expect(member.getByText(`Space: team ${teamId}`)).toBeVisible();

  await confirm(admin, teams.members.kick, colleague.email);
  await expect(await memberRow(admin, colleague.email)).toHaveCount(0);
  await member.goto(`/management-center/group-info?team=${teamId}`);
  await expect(member.getByText(theirs.reasons.notTeamMember)).toBeVisible();
  await member.getByRole('banner').getByRole('button', { name: texts(language, 'auth').platform.menu }).click();
  await expect(member.getByRole('menuitem', { name: teamName })).toHaveCount(0);
  await member.keyboard.press('Escape');

  await admin.getByLabel(teams.members.inviteEmail).fill(colleague.email);
  await admin.getByRole('button', { name: teams.members.inviteSubmit }).click();
  await expect(await memberRow(admin, colleague.email)).toContainText(teams.roles['2']);
  await member.goto('/management-center/member');
  await usePlatform(member, language, teamName);
  await expect(member.getByText(`Space: team ${teamId}`)).toBeVisible();

  // Handing the team over leaves the demo member with the teams they may create, for the next run.
  await confirm(admin, teams.members.handOver, colleague.email);
  await expect(await memberRow(admin, colleague.email)).toContainText(teams.roles['0']);
  await admin.context().close();
  await member.context().close();
});

test('the demo member opens the platform as individual, as trial and as team member; a used link is refused', async ({ page }) => {
  atDesktopOnly();
  const language = adminLanguage;
  const auth = texts(language, 'auth');
  await signIn(page, language, demoMember);

  await usePlatform(page, language, auth.platform.individual);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Signed in as ${demoMember.name}`);
  await expect(page.getByText(/Space: enterprise account/)).toBeVisible();
  const link = page.url();
  expect(new URL(link).searchParams.get('pw')).not.toContain(demoMember.password);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign-in refused');
  await expect(page.getByText(/used already/)).toBeVisible();

  await page.goto('/management-center/member');
  await usePlatform(page, language, auth.platform.trial);
  await expect(page.getByText(/Platform account trial-/)).toBeVisible();

  await page.goto('/management-center/member');
  await usePlatform(page, language, 'AOI 外觀檢測小組');
  await expect(page.getByText(/Space: team T[A-Z0-9]{14}/)).toBeVisible();
});

test('the management centre drawer at 360 px holds the platform buttons and nothing is wider than the screen', async ({ page }) => {
  const language: Language = 'zh-TW';
  const auth = texts(language, 'auth');
  const common = texts(language, 'common');
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, language, demoMember);
  await page.getByRole('button', { name: common.managementCenter.nav.open }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('button', { name: auth.platform.menu })).toBeVisible();
  await expect(drawer.getByRole('button', { name: auth.platform.trial })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'AOI 外觀檢測小組' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const drawerBox = await drawer.boundingBox();
  expect(drawerBox!.x + drawerBox!.width).toBeLessThanOrEqual(360);
  await drawer.getByRole('button', { name: auth.platform.trial }).click();
  await expect(page).toHaveURL(/\/platform-emulator\/login\?/);
  await expect(page.getByText(/Platform account trial-/)).toBeVisible();
});

test('a member binds a device by its platform id, renames it and unbinds it', async ({ page }, testInfo) => {
  atDesktopOnly();
  // In Simplified Chinese: the team flow above runs in English and Japanese.
  const language: Language = 'zh-CN';
  const words = texts(language, 'platform').devices;
  const member = await activeMember(baseURL(), { label: `devices-${testInfo.project.name}`, language });
  await signIn(page, language, member);
  await page.goto('/management-center/device-binding');
  await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
  await expect(page.getByText(words.empty)).toBeVisible();

  await page.getByRole('button', { name: words.submit }).click();
  await expect(page.getByLabel(words.platformId)).toHaveAttribute('aria-invalid', 'true');
  const platformId = `7c2e9a14-${testInfo.project.name}-4b1f-9d3e`;
  await page.getByLabel(words.platformId).fill(platformId);
  await page.getByLabel(words.name).fill('Press line AOI station');
  await page.getByRole('button', { name: words.submit }).click();
  const device = page.getByTestId('device').filter({ hasText: platformId });
  await expect(device).toContainText(words.status.bound);
  await expect(device).toContainText('Press line AOI station');

  await device.getByRole('button', { name: words.rename }).click();
  await device.getByLabel(words.name).fill('Injection line 2');
  await device.getByRole('button', { name: words.save }).click();
  await expect(device).toContainText('Injection line 2');

  await device.getByRole('button', { name: words.unbind }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: words.confirm }).click();
  await expect(device).toContainText(words.status.unbound);
  await expect(device.getByRole('button', { name: words.unbind })).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the demo member moves M Points from the enterprise account to a bound device, and an amount over the balance is refused', async ({ page }) => {
  atDesktopOnly();
  const words = texts(adminLanguage, 'platform').devices;
  const errors = texts(adminLanguage, 'errors');
  await signIn(page, adminLanguage, demoMember);
  await page.goto('/management-center/device-binding');
  const device = page.getByTestId('device').filter({ hasText: '5f0c2a7e-93b1-4d6a-8c2e-1a7b9e0d4c31' });
  const figure = device.getByTestId('device-points');
  await expect(figure).toContainText(/\d+\.\d/);
  const before = Number(/(\d+\.\d)/.exec((await figure.textContent()) ?? '')![1]);

  // On a wide screen the form keeps its field's width whatever message it shows (the amount field
  // shrank to some 30 px beside the message, its label a word a line).
  await page.setViewportSize({ width: 1920, height: 1000 });
  await device.getByRole('button', { name: words.points.move }).click();
  const amount = device.getByLabel(words.points.amount);
  const fieldKeepsItsWidth = async () => {
    expect((await amount.boundingBox())!.width).toBeGreaterThanOrEqual(200);
    const label = device.locator('label', { hasText: words.points.amount });
    expect((await label.boundingBox())!.height).toBeLessThan(30);
  };
  // No amount: the field's own 'required' message, as on /point-transfer, not 'check the form'.
  await device.getByRole('button', { name: words.points.submit }).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(device.getByRole('alert')).toHaveText(texts(adminLanguage, 'validation').required);
  await expect(amount).toBeFocused();
  await fieldKeepsItsWidth();
  await amount.fill('100000');
  await device.getByRole('button', { name: words.points.submit }).click();
  // More than the account holds: at most its whole points, said in points, not 'between 1 and N'.
  await expect(device.getByRole('alert')).toContainText(texts(adminLanguage, 'points').transfer.notEnough.split('{{')[0]!);
  await expect(device.getByRole('alert')).not.toContainText(errors.OutOfRange.split('{{')[0]!);
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await fieldKeepsItsWidth();
  await expect(figure).toContainText((before).toFixed(1));

  // With the keyboard: the form goes once the points moved, and focus comes back to the device's 'move points' button.
  await device.getByLabel(words.points.amount).fill('1');
  await device.getByLabel(words.points.amount).press('Enter');
  await expect(figure).toContainText((before + 1).toFixed(1));
  await expect(page.getByText(words.points.done_one.replace('{{count}}', '1').replace('{{name}}', '沖壓線 AOI 工作站'))).toBeVisible();
  await expect(device.getByLabel(words.points.amount)).toHaveCount(0);
  await expect(device.getByRole('button', { name: words.points.move })).toBeFocused();
  // Unbinding says the points stay on the device for whoever binds it next; kept bound here.
  await device.getByRole('button', { name: words.unbind }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`${(before + 1).toFixed(1)}${words.unbindConfirmPoints.split('{{points}}')[1]!}`);
  await dialog.getByRole('button', { name: words.cancel }).click();
  await expect(device).toContainText(words.status.bound);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('host information shows the platform host and masks each password until it is asked for', async ({ page }) => {
  atDesktopOnly();
  const language = adminLanguage;
  const words = texts(language, 'platform').hostInfo;
  await signIn(page, language, demoMember);
  await page.goto('/management-center/host-info');
  await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
  await expect(page.getByText(/\/platform-emulator$/)).toBeVisible();
  const remote = page.getByTestId('credential').filter({ hasText: words.kinds.remote });
  await expect(remote).toContainText('rdp://10.20.4.17:3389');
  await expect(page.getByText('demo-Remote-4Zx9')).toHaveCount(0);
  await remote.getByRole('button', { name: `${words.show}: ${words.kinds.remote}` }).click();
  await expect(remote).toContainText('demo-Remote-4Zx9');
  await expect(page.getByText('demo-Login-7Kq2')).toHaveCount(0);
  await remote.getByRole('button', { name: `${words.hide}: ${words.kinds.remote}` }).click();
  await expect(page.getByText('demo-Remote-4Zx9')).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("a team member finds the team's files under Downloads in the team space and downloads one", async ({ page }) => {
  atDesktopOnly();
  const language = adminLanguage;
  const words = texts(language, 'teams').files;
  await signIn(page, language, demoMember);
  await page.goto('/management-center/team-list');
  await page.getByRole('main').getByRole('listitem').filter({ hasText: 'AOI 外觀檢測小組' }).getByRole('link', { name: texts(language, 'teams').list.open }).click();
  await expect(page).toHaveURL(/group-info\?team=T[A-Z0-9]{14}$/);
  const teamId = new URL(page.url()).searchParams.get('team')!;
  await page.goto(`/management-center/download?team=${teamId}`);
  await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
  await expect(page.getByTestId('team-file')).toHaveCount(2);
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: words.download.replace('{{name}}', 'press-line-validation-2026Q4.csv') }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('press-line-validation-2026Q4.csv');
  await page.goto('/management-center/download');
  await expect(page.getByRole('link', { name: words.quotation })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
