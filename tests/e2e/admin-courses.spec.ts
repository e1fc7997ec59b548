import { expect, test, type Page } from '@playwright/test';
import { superStaffCookies, useOwnAddress } from './accounts-support';
import { keepScreenshot, openIn, texts } from './support';

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});

/** A local date-time three days ahead at `hour`:00, as a datetime-local input takes it. */
function daysAhead(days: number, hour: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  at.setHours(hour, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(hour)}:00`;
}

async function openCourses(page: Page) {
  const admin = texts('en', 'admin');
  const menu = page.getByRole('navigation', { name: admin.menu.label });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: admin.menu.open }).click();
  await menu.getByRole('link', { name: admin.screens.courses }).click();
}

test('staff with manage_course create a course and a date on the courses screen; visitors see it with its seats', async ({ page }) => {
  const admin = texts('en', 'admin');
  const t = texts('en', 'courses').admin;
  const courseId = String(50_000_000 + Math.floor(Math.random() * 9_999_999));
  const name = `Defect labelling ${Date.now().toString(36)}`;

  // The demo super staff's kept session: no new authenticator step (a code works once).
  await page.context().addCookies(await superStaffCookies(process.env.E2E_BASE_URL!));
  await openIn(page, 'en', '/admin');
  await expect(page.getByRole('heading', { level: 1, name: admin.overview.title })).toBeVisible();
  await openCourses(page);
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

  await page.getByRole('button', { name: t.newCourse }).click();
  await page.getByLabel(t.courseId).fill(courseId);
  await page.locator('#course-name-zh-TW').fill(`${name}（中文）`);
  await page.locator('#course-name-en').fill(name);
  await page.getByLabel(texts('en', 'courses').place).fill('Neihu, Taipei: classroom B');
  await page.getByRole('button', { name: t.create }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/courses/${courseId}$`));

  await page.getByLabel(t.start).fill(daysAhead(3, 9));
  await page.getByLabel(t.end).fill(daysAhead(3, 12));
  await page.getByLabel(t.dueTime).fill(daysAhead(2, 18));
  await page.getByLabel(t.limit).fill('8');
  await page.getByRole('button', { name: t.addSlot }).click();
  await expect(page.getByText(t.slotAdded)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await keepScreenshot(page, 'admin-course');

  // The public class list shows the new course with all eight seats free.
  await openIn(page, 'en', '/classes-list');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByText(texts('en', 'courses').seatsLeft.replace('{{count}}', '8').replace('{{seats}}', '8'))).toBeVisible();
});
