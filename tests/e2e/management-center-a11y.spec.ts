import { expect, test, type Page } from '@playwright/test';
import { demoMember } from '../../src/server/seed';
import { defaultLanguage } from '../../src/shared/languages';
import { signInMember, useOwnAddress } from './accounts-support';
import { openSideMenu, problemsOfPages, switchLanguage } from './support';

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});

async function menuAddresses(page: Page): Promise<string[]> {
  const menu = await openSideMenu(page, 'managementCenter');
  return menu.getByRole('link').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href)).map((url) => url.pathname + url.search));
}

test('every management-centre page, with its data, fits the screen in every language and has no serious or critical accessibility violation', async ({ page }, testInfo) => {
  // Signing in and finding the pages; problemsOfPages adds each page's time.
  test.setTimeout(60_000);
  await signInMember(page, 'en', demoMember);
  // The demo member (README): administrator of a paid account with a team, orders in several states
  // and point records. The language menu saves each choice to the member's account, and the demo
  // member's own (the default, which later tests sign in with) is put back however this test ends.
  let problems: string[];
  try {
    await switchLanguage(page, 'en');

    // The menu's pages, then those of the team the menu opens (its space, members, points, transfers),
    // and one order's page from the order list.
    const personal = await menuAddresses(page);
    const teamPage = personal.find((address) => address.startsWith('/management-center/group-info?'));
    expect(teamPage, 'the demo member has a team in the menu').toBeDefined();
    await page.goto(teamPage!);
    const withTeam = await menuAddresses(page);
    await page.goto('/management-center/member-order');
    const order = await page.locator('a[href^="/management-center/member-order/"]').first().getAttribute('href');
    const addresses = [...new Set([...personal, ...withTeam, order!])];
    expect(addresses.length).toBeGreaterThan(15);

    problems = await problemsOfPages(page, addresses, testInfo.project.name);
  } finally {
    if ((await page.locator('html').getAttribute('lang')) !== defaultLanguage) {
      await Promise.all([page.waitForResponse((response) => response.url().includes('accounts.setLanguage') && response.ok()), switchLanguage(page, defaultLanguage)]);
    }
  }
  expect(problems).toEqual([]);
});
