import { expect, test, type Locator, type Page } from '@playwright/test';
import { superStaffCookies, useOwnAddress } from './accounts-support';
import { keepScreenshot, openIn, texts } from './support';

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});

const admin = texts('en', 'admin');
const t = texts('en', 'orders').packagesAdmin;
const validation = texts('en', 'validation');

const nameLabels = { 'zh-TW': '繁體中文', en: 'English', 'zh-CN': '简体中文', ja: '日本語' } as const;
const nameField = (form: Locator, language: keyof typeof nameLabels) => form.getByLabel(t.nameIn.replace('{{language}}', nameLabels[language]));

async function fillNames(form: Locator, names: Record<keyof typeof nameLabels, string>) {
  for (const language of Object.keys(nameLabels) as Array<keyof typeof nameLabels>) await nameField(form, language).fill(names[language]);
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
const saved = (page: Page, message: string, name: string) => expect(page.getByRole('status').filter({ hasText: message.replace('{{name}}', name) })).toBeVisible();
const pricingCard = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

async function openPackagesScreen(page: Page) {
  await page.goto('/admin/packages');
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
}

test('points staff add a point package, reprice and withdraw it, with field messages for bad values and one active trial plan at most', async ({ page }) => {
  test.setTimeout(60_000);
  await page.context().addCookies(await superStaffCookies(process.env.E2E_BASE_URL!));
  await openIn(page, 'en', '/admin');
  await expect(page.getByRole('heading', { level: 1, name: admin.overview.title })).toBeVisible();
  const menu = page.getByRole('navigation', { name: admin.menu.label });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: admin.menu.open }).click();
  await menu.getByRole('link', { name: admin.screens.packages }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

  // The seeded plans, in words and with their figures.
  await expect(row(page, 'Basic plan, 40 points')).toContainText(['General', 'M Point', '40.0', 'TWD 200,000.00', t.noBonus, t.statuses.active].join(''));
  await expect(row(page, 'Advanced plan, 80 points')).toContainText('80.0');
  await expect(row(page, 'Advanced plan, 80 points')).toContainText('TWD 400,000.00');
  await expect(row(page, 'Free trial, 2 points')).toContainText(t.types.trial);
  await expect(row(page, 'Free trial, 2 points')).toContainText(t.statuses.active);

  // A new general plan: points with two decimals are explained on their field, then a general plan
  // for nothing is refused by the server on the price field, and the right values are saved.
  const suffix = Date.now().toString(36);
  const name = `Volume plan ${suffix}`;
  await page.getByRole('button', { name: t.new }).click();
  const create = page.getByRole('form', { name: t.newTitle });
  // Submitted empty, every field says what it lacks at once (the four names too), and the keyboard is on the first.
  await create.getByRole('button', { name: t.create }).click();
  for (const language of Object.keys(nameLabels) as Array<keyof typeof nameLabels>) await expect(nameField(create, language)).toHaveAccessibleDescription(validation.required);
  await expect(create.getByLabel(t.pointsLabel)).toHaveAccessibleDescription(new RegExp(`${validation.required.replace('.', '\\.')}$`));
  await expect(create.getByLabel(t.priceLabel)).toHaveAccessibleDescription(new RegExp(`${validation.required.replace('.', '\\.')}$`));
  await expect(nameField(create, 'zh-TW')).toBeFocused();
  await fillNames(create, { 'zh-TW': `大量方案 ${suffix}`, en: name, 'zh-CN': `大量方案 ${suffix}`, ja: `ボリュームプラン ${suffix}` });
  await create.getByLabel(t.pointsLabel).fill('120.25');
  await create.getByLabel(t.priceLabel).fill('0');
  await create.getByRole('button', { name: t.create }).click();
  await expect(create.getByLabel(t.pointsLabel)).toHaveAccessibleDescription(new RegExp(t.pointsFormat.replace(/[.()]/g, '\\$&')));
  await expect(create.getByLabel(t.pointsLabel)).toBeFocused();
  await create.getByLabel(t.pointsLabel).fill('120');
  await create.getByRole('button', { name: t.create }).click();
  await expect(create.getByLabel(t.priceLabel)).toHaveAccessibleDescription(new RegExp(validation.packages.positive.replace('.', '\\.')));
  await expect(create.getByLabel(t.pointsLabel)).not.toHaveAttribute('aria-invalid', 'true');
  await keepScreenshot(page, 'admin-packages-refused');
  await create.getByLabel(t.priceLabel).fill('500,000');
  await expect(create.getByText(t.preview.replace('{{points}}', '20.0').replace('{{percent}}', '20'))).toBeVisible();
  await create.getByRole('button', { name: t.create }).click();
  await saved(page, t.created, name);
  await expect(create).toHaveCount(0);
  await expect(row(page, name)).toContainText(['General', 'M Point', '120.0', 'TWD 500,000.00', '20.0 (20%)', t.statuses.active].join(''));
  await keepScreenshot(page, 'admin-packages');

  // On sale at once: the pricing page lists it with its price.
  await openIn(page, 'en', '/pricing');
  await expect(pricingCard(page, name)).toContainText('TWD 500,000.00');

  // Repriced: the list and the pricing page show the new price and bonus.
  await openPackagesScreen(page);
  await page.getByRole('button', { name: t.editTitle.replace('{{name}}', name) }).click();
  let edit = page.getByRole('form', { name: t.editTitle.replace('{{name}}', name) });
  await expect(edit.getByLabel(t.nameIn.replace('{{language}}', '日本語'))).toHaveValue(`ボリュームプラン ${suffix}`);
  await expect(edit.getByLabel(t.pointsLabel)).toHaveValue('120');
  await edit.getByLabel(t.priceLabel).fill('480000');
  await edit.getByRole('button', { name: t.save }).click();
  await saved(page, t.saved, name);
  await expect(row(page, name)).toContainText('TWD 480,000.00');
  await expect(row(page, name)).toContainText('24.0 (25%)');
  await openIn(page, 'en', '/pricing');
  await expect(pricingCard(page, name)).toContainText('TWD 480,000.00');

  // Withdrawn: inactive in the list, gone from the pricing page (and from what members can buy).
  await openPackagesScreen(page);
  await page.getByRole('button', { name: t.editTitle.replace('{{name}}', name) }).click();
  edit = page.getByRole('form', { name: t.editTitle.replace('{{name}}', name) });
  await edit.getByLabel(t.columns.status, { exact: true }).selectOption({ label: t.statuses.inactive });
  await edit.getByRole('button', { name: t.save }).click();
  await saved(page, t.saved, name);
  await expect(row(page, name)).toContainText(t.statuses.inactive);
  await openIn(page, 'en', '/pricing');
  await expect(page.getByRole('heading', { level: 3, name: 'Basic plan, 40 points' })).toBeVisible();
  await expect(pricingCard(page, name)).toHaveCount(0);

  // A second trial plan can be kept inactive, but activating it while the free trial is active is refused on its status.
  await openPackagesScreen(page);
  const trialName = `Extended trial ${suffix}`;
  await page.getByRole('button', { name: t.new }).click();
  const trial = page.getByRole('form', { name: t.newTitle });
  await fillNames(trial, { 'zh-TW': `延長試用 ${suffix}`, en: trialName, 'zh-CN': `延长试用 ${suffix}`, ja: `延長トライアル ${suffix}` });
  await trial.getByLabel(t.columns.type, { exact: true }).selectOption({ label: t.types.trial });
  await trial.getByLabel(t.columns.status, { exact: true }).selectOption({ label: t.statuses.inactive });
  await trial.getByLabel(t.pointsLabel).fill('5');
  await trial.getByLabel(t.priceLabel).fill('0');
  await trial.getByRole('button', { name: t.create }).click();
  await saved(page, t.created, trialName);
  await expect(row(page, trialName)).toContainText(t.statuses.inactive);

  await page.getByRole('button', { name: t.editTitle.replace('{{name}}', trialName) }).click();
  edit = page.getByRole('form', { name: t.editTitle.replace('{{name}}', trialName) });
  await edit.getByLabel(t.columns.status, { exact: true }).selectOption({ label: t.statuses.active });
  await edit.getByRole('button', { name: t.save }).click();
  await expect(edit.getByRole('alert').filter({ hasText: validation.packages.oneActiveTrial })).toBeVisible();
  await expect(edit.getByLabel(t.columns.status, { exact: true })).toBeFocused();
  await edit.getByRole('button', { name: t.cancel }).click();
  await expect(row(page, trialName)).toContainText(t.statuses.inactive);
  await expect(row(page, 'Free trial, 2 points')).toContainText(t.statuses.active);

  // On a phone the list scrolls sideways inside its frame and the form fits the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: t.editTitle.replace('{{name}}', trialName) }).click();
  await expect(page.getByRole('form', { name: t.editTitle.replace('{{name}}', trialName) })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await keepScreenshot(page, 'admin-packages-narrow');
});
