import { expect, test, type Page } from '@playwright/test';
import { scrollTo } from './public-support';
import { openIn, texts } from './support';

const common = texts('en', 'common');

function header(page: Page) {
  return page.getByRole('banner');
}

test.describe('top bar', () => {
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name === 'phone', 'sets its own widths'));

  test('hides while scrolling down, shows on scrolling up; the back-to-top button appears after 300 px', async ({ page }) => {
    await page.setViewportSize({ width: 1300, height: 800 });
    await openIn(page, 'en', '/use-case');
    await expect(page.getByRole('heading', { name: texts('en', 'showcase').title })).toBeAttached();
    const backToTop = page.getByRole('button', { name: common.nav.backToTop });
    await expect(header(page)).toBeInViewport();
    await expect(backToTop).toBeHidden();

    await scrollTo(page, 250);
    await expect(header(page)).not.toBeInViewport();
    await expect(backToTop).toBeHidden();
    await scrollTo(page, 600);
    await expect(header(page)).not.toBeInViewport();
    await expect(backToTop).toBeVisible();

    await scrollTo(page, 450);
    await expect(header(page)).toBeInViewport();
    await expect(header(page).getByRole('link', { name: common.nav.pricing })).toBeVisible();

    await backToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(backToTop).toBeHidden();
  });

  test('at 1300 px the dropdowns open on hover', async ({ page }) => {
    await page.setViewportSize({ width: 1300, height: 800 });
    await openIn(page, 'en', '/');
    const product = header(page).getByRole('button', { name: common.nav.productApplication });
    const editor = header(page).getByRole('link', { name: common.pages.planEditor });
    await expect(editor).toBeHidden();
    await product.hover();
    await expect(editor).toBeVisible();
    await expect(product).toHaveAttribute('aria-expanded', 'true');
    await header(page).getByRole('link', { name: common.nav.home }).hover();
    await expect(editor).toBeHidden();

    const subsidy = header(page).getByRole('button', { name: common.nav.subsidyPlans });
    await subsidy.hover();
    await header(page).getByRole('link', { name: common.pages.subsidyLowCarbon }).click();
    await expect(page).toHaveTitle(`${common.pages.subsidyLowCarbon} | Inspectra`);
  });

  test('at 1000 px the dropdowns open on click, not on hover; narrowing from 1300 px switches after the resize settles', async ({ page }) => {
    await page.setViewportSize({ width: 1300, height: 800 });
    await openIn(page, 'en', '/');
    await expect(header(page)).toHaveAttribute('data-dropdowns', 'hover');
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect(header(page)).toHaveAttribute('data-dropdowns', 'click');
    const menu = header(page).getByRole('button', { name: common.nav.openMenu });
    await expect(menu).toBeVisible();
    await menu.click();
    const product = header(page).getByRole('button', { name: common.nav.productApplication });
    const solution = header(page).getByRole('link', { name: common.pages.planSolution });
    await product.hover();
    await expect(solution).toBeHidden();
    await expect(product).toHaveAttribute('aria-expanded', 'false');
    await product.click();
    await expect(solution).toBeVisible();
    await solution.click();
    await expect(page).toHaveURL(/\/plan-intro\/solution$/);
    // The menu closes on arrival.
    await expect(header(page).getByRole('button', { name: common.nav.openMenu })).toBeVisible();
  });

  test('between 1024 and 1200 px the links form a row and the dropdowns still open on click only', async ({ page }) => {
    await page.setViewportSize({ width: 1100, height: 800 });
    await openIn(page, 'en', '/');
    const subsidy = header(page).getByRole('button', { name: common.nav.subsidyPlans });
    const cloud = header(page).getByRole('link', { name: common.pages.subsidyCloudMarket });
    await subsidy.hover();
    await expect(cloud).toBeHidden();
    await subsidy.click();
    await expect(cloud).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(cloud).toBeHidden();
  });

  test('links of the bar: support opens the videos, the shopping centre is the configured address in the same window', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 800 });
    await openIn(page, 'en', '/');
    const shop = header(page).getByRole('link', { name: common.nav.shop });
    await expect(shop).toHaveAttribute('href', 'https://shop.inspectra.example');
    await expect(shop).not.toHaveAttribute('target', /.+/);
    await header(page).getByRole('link', { name: common.nav.support }).click();
    await expect(page).toHaveURL(/\/support\/videos$/);
    for (const name of [common.nav.home, common.nav.useCase, common.nav.about, common.nav.pricing, common.nav.productIntro, common.nav.classes, common.nav.news]) {
      await expect(header(page).getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(header(page).getByRole('link', { name: common.nav.login })).toBeVisible();
    await expect(header(page).getByRole('link', { name: common.nav.signup })).toBeVisible();
  });
});

test('the footer links every page of spec section 2, the shop, the contact form, the Taipei phone and address', async ({ page }) => {
  const zh = texts('zh-TW', 'common');
  await openIn(page, 'zh-TW', '/pricing');
  const footer = page.getByRole('contentinfo');
  for (const [page_, path] of [
    ['signup', '/signup'],
    ['support', '/support'],
    ['supportVideos', '/support/videos'],
    ['news', '/news'],
    ['about', '/about'],
    ['term', '/term'],
    ['planSolution', '/plan-intro/solution'],
    ['planEditor', '/plan-intro/editor'],
    ['planTool', '/plan-intro/tool'],
  ] as const) {
    await expect(footer.getByRole('link', { name: zh.pages[page_], exact: true })).toHaveAttribute('href', path);
  }
  await expect(footer.getByRole('link', { name: zh.nav.shop })).toHaveAttribute('href', 'https://shop.inspectra.example');
  await expect(footer).toContainText(zh.footer.address);
  await expect(footer).toContainText('台北市');
  await footer.getByRole('link', { name: zh.footer.contactForm }).click();
  await expect(page).toHaveURL(/\/support#contact$/);
  await expect(page.getByLabel(texts('zh-TW', 'messages').fields.firstName)).toBeInViewport();
});

test('on a phone the menu button opens the links, the dropdowns and the sign-in buttons', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone layout');
  await openIn(page, 'en', '/');
  await expect(header(page).getByRole('link', { name: common.nav.login })).toBeHidden();
  await header(page).getByRole('button', { name: common.nav.openMenu }).click();
  await expect(header(page).getByRole('link', { name: common.nav.login })).toBeVisible();
  await expect(header(page).getByRole('link', { name: common.nav.signup })).toBeVisible();
  await header(page).getByRole('button', { name: common.nav.subsidyPlans }).click();
  await header(page).getByRole('link', { name: common.pages.subsidyMachineBox }).click();
  await expect(page).toHaveTitle(`${common.pages.subsidyMachineBox} | Inspectra`);
  await expect(header(page).getByRole('link', { name: common.nav.login })).toBeHidden();
});
