import { expect, test } from '@playwright/test';
import { activeMember, asSuperStaff, signInMember, submitSignIn, useOwnAddress } from './accounts-support';
import { atDesktopOnly, keepScreenshot, openIn, receivedMails, texts } from './support';

const baseURL = () => process.env.E2E_BASE_URL!;
const HOUR = 3_600_000;

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});

function randomCourseId(): string {
  return String(40_000_000 + Math.floor(Math.random() * 9_999_999));
}

/** A course with one slot of `seats` seats three days from now, made by staff through the API. */
async function courseWithSlot(seats: number, name: string) {
  const staff = await asSuperStaff(baseURL());
  try {
    const courseId = randomCourseId();
    await staff.mutate('courses.admin.create', {
      courseId,
      translations: { 'zh-TW': { name: `${name}（中文）`, description: '' }, en: { name, description: 'Label, train and deploy a counting model in three hours.' } },
      mode: 'inPerson',
      location: 'Neihu, Taipei: classroom A',
    });
    const start = new Date(Date.now() + 72 * HOUR);
    start.setUTCMinutes(0, 0, 0);
    await staff.mutate('courses.admin.addSlot', { courseId, startTime: start, dueTime: new Date(start.getTime() - 24 * HOUR), endTime: new Date(start.getTime() + 3 * HOUR), enrolleeLimit: seats });
    return courseId;
  } finally {
    await staff.dispose();
  }
}

test('a member registers from the class list, gets the calendar file by mail, cancels; the member on the waitlist is promoted', async ({ browser, page }) => {
  atDesktopOnly();
  test.setTimeout(120_000);
  const t = texts('en', 'courses');
  const name = `Counting models ${Date.now().toString(36)}`;
  const courseId = await courseWithSlot(1, name);
  const first = await activeMember(baseURL(), { label: 'course-first', language: 'en' });
  const second = await activeMember(baseURL(), { label: 'course-second', language: 'en' });

  await openIn(page, 'en', '/classes-list');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByText(t.seatsLeft.replace('{{count}}', '1').replace('{{seats}}', '1'))).toBeVisible();
  await card.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/classes-list/${courseId}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('link', { name: t.signInToRegister }).click();

  await submitSignIn(page, 'en', first);
  await expect(page).toHaveURL(new RegExp(`/classes-list/${courseId}$`));
  await page.getByRole('button', { name: t.register, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: t.registeredToast })).toBeVisible();
  await expect(page.getByText(t.enrolled, { exact: true })).toBeVisible();
  await expect(page.getByText(t.full, { exact: true })).toBeVisible();

  await expect
    .poll(async () => (await receivedMails()).find((mail) => mail.to.includes(first.email) && mail.raw.includes(`course-${courseId}.ics`))?.raw ?? '', { timeout: 20_000 })
    .toMatch(/Content-Type: text\/calendar; charset=utf-8/i);

  // The second member finds the slot full and joins the waitlist.
  const otherContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `198.19.${Math.floor(Math.random() * 200)}.7` } });
  const other = await otherContext.newPage();
  await signInMember(other, 'en', second, `/classes-list/${courseId}`);
  await other.getByRole('button', { name: t.joinWaitlist }).click();
  await expect(other.getByRole('status').filter({ hasText: t.waitlistedToast.replace('{{position}}', '1') })).toBeVisible();
  await expect(other.getByText(t.waitlisted.replace('{{position}}', '1'))).toBeVisible();

  // The first member cancels from the management centre with a reason.
  await page.goto('/management-center/courses');
  const row = page.getByTestId('my-course').filter({ hasText: name });
  await row.getByRole('button', { name: t.cancel }).click();
  const dialog = page.getByRole('dialog', { name: t.cancelDialog.title });
  await dialog.getByLabel(t.cancelDialog.reason).selectOption({ label: t.reasons['1'] });
  await dialog.getByLabel(t.cancelDialog.remark).fill('Line maintenance that week');
  await dialog.getByRole('button', { name: t.cancelDialog.confirm }).click();
  await expect(page.getByRole('status').filter({ hasText: t.cancelledToast })).toBeVisible();
  await expect(page.getByText(t.mine.empty)).toBeVisible();

  // The seat went to the member on the waitlist, who is mailed.
  await other.goto('/management-center/courses');
  await expect(other.getByTestId('my-course').filter({ hasText: name }).getByText(t.enrolled, { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await receivedMails()).some((mail) => mail.to.includes(second.email) && mail.raw.includes(`course-${courseId}.ics`)), { timeout: 20_000 })
    .toBe(true);
  await otherContext.close();
});

test('the class list and a course page in Traditional Chinese: the demo course with seats, and no sideways scrolling', async ({ page }) => {
  const t = texts('zh-TW', 'courses');
  await openIn(page, 'zh-TW', '/classes-list');
  const demo = page.getByRole('link', { name: 'AOI 瑕疵檢測實作：從標註到上線' });
  await expect(demo).toBeVisible();
  await demo.click();
  await expect(page.getByRole('heading', { level: 1, name: 'AOI 瑕疵檢測實作：從標註到上線' })).toBeVisible();
  await expect(page.getByRole('link', { name: t.signInToRegister }).first()).toBeVisible();
  await expect(page.getByRole('figure').getByText(t.seatsChart)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await keepScreenshot(page, 'course-page');
  await page.goto('/classes-list');
  await keepScreenshot(page, 'classes-list');
});

test('an unknown course says so, with a way back to the list', async ({ page }) => {
  await openIn(page, 'en', '/classes-list/99999999');
  await expect(page.getByRole('alert').filter({ hasText: texts('en', 'errors').CourseNotFound })).toBeVisible();
  await page.getByRole('link', { name: texts('en', 'courses').back }).click();
  await expect(page).toHaveURL(/\/classes-list$/);
});
