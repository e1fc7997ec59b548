import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import type { Namespace, ReferenceResources } from '../../src/client/i18n/resources';
import { defaultLanguage, languages, type Language } from '../../src/shared/languages';

/** The translations the page shows, read from the app's own files, so each language is tested with its own labels. */
export function texts<N extends Namespace>(language: Language, namespace: N): ReferenceResources[N] {
  return JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../src/client/i18n', language, `${namespace}.json`), 'utf8'));
}

export { languages };

/** Opens `url` with `language` already chosen, as a returning visitor would have it. */
export async function openIn(page: Page, language: Language, url: string) {
  await page.addInitScript((lang) => window.localStorage.setItem('portal.language', lang), language);
  await page.goto(url);
}

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** Mails the real SMTP peer of this run has received. */
export async function receivedMails(): Promise<ReceivedMail[]> {
  const response = await fetch(`${process.env.E2E_MAILBOX_URL}/mails`);
  return (await response.json()) as ReceivedMail[];
}

/**
 * Skips the test at phone width. The phone project runs what differs on a small screen: every page's
 * scan in every language, the shell, the navigation, signing up and in, and the member's main
 * journeys (buying points, the trial and transfers, a team). A flow whose steps are the same at every
 * width (refusals, paging, payment callbacks, devices, downloads, course registration, news) runs
 * once, at desktop width, which keeps the browser suite within its time on two cores.
 */
export function atDesktopOnly(): void {
  test.skip(test.info().project.name === 'phone', 'the same steps at every width: run at desktop width (support.ts atDesktopOnly)');
}

/**
 * A full-page screenshot under the test's output folder, named with the project (`buy-points-phone.png`),
 * taken only when E2E_SCREENSHOTS is set: they are for looking at the pages (`E2E_SCREENSHOTS=1 npm run
 * test:e2e`), assert nothing, and cost the suite's run several seconds of the browser's time.
 */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({ path: test.info().outputPath(`${name}-${test.info().project.name}.png`), fullPage: true });
}

/**
 * What is wrong with the page as it stands, for a user: each serious or critical accessibility
 * violation axe finds (with `axe`), and a page wider than the screen (a phone would scroll sideways).
 * Each problem is a line that starts with `label`, so that one assertion lists every page's at once.
 */
export async function pageProblems(page: Page, label: string, options: { axe: boolean }): Promise<string[]> {
  const problems: string[] = [];
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (overflow > 0) problems.push(`${label}: ${overflow} px wider than the screen`);
  if (options.axe) {
    // Only violations are read: axe lists one node, not every node, of what passes or does not apply.
    const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
    for (const violation of results.violations) {
      if (violation.impact === 'serious' || violation.impact === 'critical') {
        problems.push(`${label}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
      }
    }
  }
  return problems;
}

/**
 * Switches the open page to `language` with the header's language menu, as a visitor does (it applies
 * at once, without loading the page again). On a phone the menu sits in the closed drawer: the same
 * select is chosen from without opening it.
 */
export async function switchLanguage(page: Page, language: Language): Promise<void> {
  await page.locator('select:has(option[value="zh-CN"])').first().selectOption(language, { force: true });
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  // The texts arrived before the language changed; the page shows them from its next frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * The side menu of the back office or of the management centre, in English: a side column on wide
 * screens, a drawer on narrow ones, opened when it is not in view. Waits for the page first, so
 * that a menu still on its way is not taken for a closed drawer.
 */
export async function openSideMenu(page: Page, area: 'admin' | 'managementCenter') {
  const names = area === 'admin' ? texts('en', 'admin').menu : texts('en', 'common').managementCenter.nav;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const menu = page.getByRole('navigation', { name: names.label });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: names.open }).click();
  return menu;
}

/**
 * The language a project's scans start in: English on a phone, the default language on a wide screen.
 * The accessibility scan (axe) runs at desktop width only: its rules read names, roles, labels and
 * colours, which the portal's pages keep the same at every width; at 360 px the scans check that
 * each page fits the screen, in every language.
 */
export function scannedLanguage(project: string): Language {
  return project === 'phone' ? 'en' : defaultLanguage;
}

/** Whether a project's scans run axe: at desktop width only (scannedLanguage). */
export function scansWithAxe(project: string): boolean {
  return project !== 'phone';
}

/**
 * The time one page may take in problemsOfPages: opening it, waiting for its data, each language
 * and the scan (about 3 s here, 6 s on a machine at half speed).
 */
const PAGE_TIME_MS = 8_000;

/**
 * Visits each address at the project's screen width and returns what is wrong with it
 * (pageProblems): on a phone in every language, whose labels differ in length, switching on the open
 * page, without the accessibility scan; on a wide screen in scannedLanguage, with the scan.
 * The test's time limit grows by PAGE_TIME_MS a page, so that it follows the number of pages rather
 * than a guess of the whole; each page is a step, so that a page that never finishes is named.
 */
export async function problemsOfPages(page: Page, addresses: readonly string[], project: string): Promise<string[]> {
  test.info().setTimeout(test.info().timeout + addresses.length * PAGE_TIME_MS);
  const problems: string[] = [];
  const scanned = scannedLanguage(project);
  const checked = project === 'phone' ? [scanned, ...languages.filter((language) => language !== scanned)] : [scanned];
  for (const address of addresses) {
    await test.step(address, async () => {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Its lists and figures loaded: nothing is asked of the server any more.
      await page.waitForLoadState('networkidle');
      for (const language of checked) {
        await switchLanguage(page, language);
        problems.push(...(await pageProblems(page, `${language} ${address}`, { axe: scansWithAxe(project) })));
      }
    });
  }
  return problems;
}
