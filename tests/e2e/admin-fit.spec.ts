import { expect, test, type Page } from '@playwright/test';
import { superStaffCookies, useOwnAddress } from './accounts-support';
import { placeOrders, signedInBuyer, staffActs } from './orders-support';
import { languages, openIn, switchLanguage, texts } from './support';

const baseURL = () => process.env.E2E_BASE_URL!;

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});

/**
 * What does not fit on the open page: a page wider than the screen, a select whose longest choice is
 * cut (its text measured in its own font against the room its box gives), the back office's title cut
 * in the header, and a button of the page reaching past the screen's edge (outside a table's scrolling frame).
 */
async function fitProblems(page: Page, label: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`${root.scrollWidth - root.clientWidth} px wider than the screen`);
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const select of document.querySelectorAll<HTMLSelectElement>('main select, header select')) {
      const style = getComputedStyle(select);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      for (const option of select.options) {
        const width = canvas.measureText(option.text).width;
        if (width > room + 0.5) problems.push(`select ${select.id}: '${option.text}' needs ${Math.ceil(width)} px, has ${Math.floor(room)}`);
      }
    }
    const title = document.querySelector('header a[href="/admin"]');
    for (const element of title ? [title, ...title.querySelectorAll<HTMLElement>('*')] : []) {
      if (element.scrollWidth > element.clientWidth) problems.push(`header title cut: '${element.textContent}'`);
    }
    for (const button of document.querySelectorAll<HTMLElement>('main button, main a[class*="inline-flex"]')) {
      if (button.closest('[role="region"]')) continue;
      const box = button.getBoundingClientRect();
      if (box.width > 0 && box.right > root.clientWidth) problems.push(`'${button.textContent}' reaches ${Math.ceil(box.right - root.clientWidth)} px past the screen`);
    }
    return problems;
  });
  return found.map((problem) => `${label}: ${problem}`);
}

test('the order list, an order awaiting payment and the trial applications fit a phone and a wide screen in every language', async ({ page }) => {
  test.setTimeout(90_000);
  // An order awaiting payment: its three payment buttons carry the longest labels of the console.
  await signedInBuyer(page, baseURL());
  const [orderId] = await placeOrders(page, 1);
  await staffActs(baseURL(), 'orders.admin.confirm', { orderId });
  await page.context().addCookies(await superStaffCookies(baseURL()));
  const orders = texts('en', 'orders');
  await openIn(page, 'en', `/admin/orders/${orderId}`);
  await expect(page.getByRole('button', { name: orders.admin.action.confirmPayment.replace('{{to}}', orders.status.awaitingFunds) })).toBeVisible();

  const problems: string[] = [];
  for (const width of [360, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    for (const address of ['/admin/orders', `/admin/orders/${orderId}`, '/admin/trialPoints']) {
      await test.step(`${width} px ${address}`, async () => {
        await page.goto(address);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        for (const language of languages) {
          await switchLanguage(page, language);
          problems.push(...(await fitProblems(page, `${width} px ${language} ${address}`)));
        }
      });
    }
  }
  expect(problems).toEqual([]);
});
