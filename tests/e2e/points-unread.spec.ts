import { expect, test, type Page } from '@playwright/test';
import { demoMember } from '../../src/server/seed';
import type { Language } from '../../src/shared/languages';
import { signInMember, useOwnAddress } from './accounts-support';
import { atDesktopOnly, keepScreenshot, texts } from './support';

/**
 * When the AI platform cannot be read (issue 9 part 4), every page with remaining points says
 * 'failed to retrieve remaining points', shows zeros, and offers nothing to move. The server's side
 * (retrieved false, every figure zero) is tested in tests/integration (points/transfers,
 * platform/device-points, points/platform-wiring); here the pages are given that answer.
 */
const language: Language = 'zh-TW';
const points = texts(language, 'points');

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});

type Figure = { projectType: number; bought: number; used: number; remaining: number };
type Answer = { result?: { data: { json: Record<string, unknown> } } };

const zero = (figures: Figure[]) => figures.map((figure) => ({ ...figure, bought: 0, used: 0, remaining: 0 }));

/** What the server answers when the platform cannot be read: retrieved false, every figure zero, no history. */
function unread(json: Record<string, unknown>): Record<string, unknown> {
  const answer: Record<string, unknown> = { ...json, retrieved: false };
  for (const key of ['types', 'account', 'team']) if (Array.isArray(json[key])) answer[key] = zero(json[key] as Figure[]);
  if (Array.isArray(json.devices)) answer.devices = (json.devices as Array<{ types: Figure[] }>).map((device) => ({ ...device, types: zero(device.types) }));
  if (Array.isArray(json.history)) answer.history = [];
  return answer;
}

/** Answers `procedure` (in whatever batch the page sends it) as the server does with the platform unreadable. */
async function platformUnreadable(page: Page, procedure: string): Promise<() => Promise<void>> {
  const calls = (url: URL) => (url.pathname.startsWith('/trpc/') ? url.pathname.slice('/trpc/'.length).split(',') : []);
  const matcher = (url: URL) => calls(url).includes(procedure);
  await page.route(matcher, async (route) => {
    const response = await route.fetch();
    const answers = (await response.json()) as Answer[];
    const data = answers[calls(new URL(route.request().url())).indexOf(procedure)]?.result?.data;
    if (data) data.json = unread(data.json);
    await route.fulfill({ status: response.status(), contentType: 'application/json', body: JSON.stringify(answers) });
  });
  return () => page.unroute(matcher);
}

async function demoTeamId(page: Page): Promise<string> {
  const response = await page.request.get('/trpc/platform.choices?batch=1&input=%7B%7D');
  const [answer] = (await response.json()) as Array<{ result: { data: { json: { teams: Array<{ id: string; name: string }> } } } }>;
  return answer!.result.data.json.teams.find((team) => team.name === 'AOI 外觀檢測小組')!.id;
}

test('the transfer page says the points could not be retrieved, shows zeros and offers no transfer until they are read', async ({ page }) => {
  await signInMember(page, language, demoMember);
  const teamId = await demoTeamId(page);
  const readable = await platformUnreadable(page, 'points.transferSides');
  await page.goto(`/management-center/point-transfer?team=${teamId}`);
  await expect(page.getByRole('heading', { level: 1, name: points.transfer.title, exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: points.balance.failed })).toContainText(points.balance.failedDetail);
  await expect(page.getByTestId('transfer-account-9')).toContainText('0.0');
  await expect(page.getByTestId('transfer-team-9')).toContainText('0.0');
  await expect(page.getByLabel(points.transfer.amount)).toHaveCount(0);
  await expect(page.getByRole('button', { name: points.transfer.submit })).toHaveCount(0);
  await expect(page.getByText(points.transfer.available.split('{{')[0]!.trim())).toHaveCount(0);
  await keepScreenshot(page, 'point-transfer-unread');

  // Readable again: the refresh reads the figures and the form comes back.
  await readable();
  await page.getByRole('button', { name: points.balance.refresh }).click();
  await expect(page.getByLabel(points.transfer.amount)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: points.balance.failed })).toHaveCount(0);
});

test('the balance says nothing of a chart to come when the points could not be retrieved', async ({ page }) => {
  await signInMember(page, language, demoMember);
  await platformUnreadable(page, 'points.balance');
  await page.goto('/management-center/point-record');
  await expect(page.getByRole('alert').filter({ hasText: points.balance.failed })).toBeVisible();
  await expect(page.getByTestId('points-remaining')).toContainText('0.0');
  await expect(page.getByText(points.balance.chartEmpty)).toHaveCount(0);
  await expect(page.getByRole('img', { name: points.balance.chartTitle })).toHaveCount(0);
});

test('device binding says the points could not be retrieved, once, and no device offers to move points', async ({ page }) => {
  atDesktopOnly();
  const words = texts(language, 'platform').devices;
  await signInMember(page, language, demoMember);
  await platformUnreadable(page, 'platform.devices.points');
  await page.goto('/management-center/device-binding');
  const device = page.getByTestId('device').filter({ hasText: '5f0c2a7e-93b1-4d6a-8c2e-1a7b9e0d4c31' });
  await expect(device.getByTestId('device-points')).toContainText('0.0');
  await expect(page.getByRole('alert').filter({ hasText: points.balance.failed })).toHaveCount(1);
  await expect(page.getByRole('button', { name: words.points.move })).toHaveCount(0);
  await keepScreenshot(page, 'device-binding-unread');
});
