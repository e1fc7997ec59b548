import { expect, test, type Page } from '@playwright/test';
import { openIn, texts } from './support';

const showcase = texts('en', 'showcase');
const industries = (['0', '1', '2', '3'] as const).map((id) => showcase.industries[id]);

/** Spec section 9: logos per industry, by default and in the expanded (folded) row. */
const logoCounts = [
  { first: 'Chemora', defaults: 2, folded: 2 },
  { first: 'Quantelle', defaults: 5, folded: 3 },
  { first: 'Maplebrook', defaults: 4, folded: 4 },
  { first: 'Ironvale', defaults: 5, folded: 3 },
];

function customers(page: Page) {
  return page.getByTestId('customer-slider');
}

/** The industry panel a visitor can see: the one not hidden from assistive technology. */
function activePanel(page: Page) {
  return customers(page).locator('[aria-hidden="false"]');
}

test.describe('partner and customer block at desktop width', () => {
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name === 'phone', 'the phone tests below cover the slider'));

  test('partners and customers expand on a click of their headings; tabs switch by click and by arrow keys', async ({ page }) => {
    await openIn(page, 'en', '/');
    const partners = page.getByRole('button', { name: showcase.partners });
    await partners.scrollIntoViewIfNeeded();
    await expect(page.getByRole('img', { name: 'Optivance' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Lensworks' })).not.toBeInViewport();
    await partners.click();
    await expect(partners).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('img', { name: 'Lensworks' })).toBeInViewport();

    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(industries);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await expect(activePanel(page).getByRole('img')).toHaveCount(logoCounts[0]!.defaults + logoCounts[0]!.folded);

    await tabs.nth(2).click();
    await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
    // Bring the slider into view vertically; which industry shows inside it is the tab's doing.
    await customers(page).evaluate((slider) => slider.scrollIntoView({ block: 'start' }));
    await expect(page.getByRole('tabpanel', { name: industries[2] }).getByRole('img', { name: 'Maplebrook' })).toBeInViewport();

    // Alternate logos appear when the customers heading is clicked.
    const folded = page.getByRole('img', { name: 'Tidehome' });
    await expect(folded).not.toBeInViewport();
    await page.getByRole('button', { name: showcase.customers }).click();
    await customers(page).evaluate((slider) => slider.scrollIntoView({ block: 'start' }));
    await expect(folded).toBeInViewport();

    await tabs.nth(2).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(3)).toBeFocused();
    await expect(tabs.nth(3)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(3)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');

    for (const [index, counts] of logoCounts.entries()) {
      await tabs.nth(index).click();
      await expect(activePanel(page).getByRole('img')).toHaveCount(counts.defaults + counts.folded);
      await expect(activePanel(page).getByRole('img').first()).toHaveAccessibleName(counts.first);
    }
  });
});

test.describe('customer slider under 768 px', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name === 'phone', 'runs once, at 375 px with touch'));

  async function swipe(page: Page, fromX: number, toX: number, y: number) {
    const session = await page.context().newCDPSession(page);
    const steps = 8;
    await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
    for (let step = 1; step <= steps; step++) {
      const x = fromX + ((toX - fromX) * step) / steps;
      await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    }
    await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await session.detach();
  }

  test('arrows move between industries and stop at the first and last; a swipe over 100 px changes the industry', async ({ page }) => {
    await openIn(page, 'en', '/about');
    const previous = page.getByRole('button', { name: showcase.previous });
    const next = page.getByRole('button', { name: showcase.next });
    await next.scrollIntoViewIfNeeded();
    await expect(page.locator('[role="tablist"]')).toBeHidden();
    await expect(activePanel(page).getByRole('heading', { level: 4 })).toHaveText(industries[0]!);
    await expect(previous).toBeDisabled();

    for (let index = 1; index <= 3; index++) {
      await next.click();
      await expect(activePanel(page).getByRole('heading', { level: 4 })).toHaveText(industries[index]!);
    }
    await expect(next).toBeDisabled();
    await previous.click();
    await previous.click();
    await expect(activePanel(page).getByRole('heading', { level: 4 })).toHaveText(industries[1]!);

    const box = (await customers(page).boundingBox())!;
    const y = box.y + 40;
    // Left over 100 px: the next industry.
    await swipe(page, 300, 150, y);
    await expect(activePanel(page).getByRole('heading', { level: 4 })).toHaveText(industries[2]!);
    // Right over 100 px: the previous one.
    await swipe(page, 80, 230, y);
    await expect(activePanel(page).getByRole('heading', { level: 4 })).toHaveText(industries[1]!);
    // A short drag snaps back.
    await swipe(page, 250, 190, y);
    await expect(activePanel(page).getByRole('heading', { level: 4 })).toHaveText(industries[1]!);
    await expect(activePanel(page).getByRole('img').first()).toBeInViewport({ ratio: 1 });
    // Swiping past the last industry stays on it.
    await next.click();
    await next.click();
    await swipe(page, 300, 120, y);
    await expect(activePanel(page).getByRole('heading', { level: 4 })).toHaveText(industries[3]!);
  });

  test('a sideways drag over 20 px holds the page still; the slider follows the finger until release', async ({ page }) => {
    await openIn(page, 'en', '/about');
    await page.getByRole('button', { name: showcase.next }).scrollIntoViewIfNeeded();
    const box = (await customers(page).boundingBox())!;
    const y = box.y + 40;
    const scrollBefore = await page.evaluate(() => window.scrollY);
    const session = await page.context().newCDPSession(page);
    await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 300, y }] });
    await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 270, y: y - 5 }] });
    await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 240, y: y - 30 }] });
    const track = customers(page).locator('> div');
    const trackX = async () => (await track.boundingBox())!.x;
    await expect.poll(trackX).toBeCloseTo(box.x - 60, 0);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(trackX).toBeCloseTo(box.x, 0);
    await expect(activePanel(page).getByRole('heading', { level: 4 })).toHaveText(industries[0]!);
    await session.detach();
  });
});
