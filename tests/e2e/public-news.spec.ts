import { expect, test } from '@playwright/test';
import { atDesktopOnly, openIn, texts } from './support';

// What the database holds, read the same way at every width (each page's layout at 360 px:
// public-routes.spec.ts and public-a11y.spec.ts).
test.beforeEach(() => atDesktopOnly());

test('news: newest first, filtered by category, paged, and read in full', async ({ page }) => {
  const news = texts('en', 'content').news;
  const common = texts('en', 'common');
  await openIn(page, 'en', '/news');
  const cards = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(cards).toHaveCount(6);
  await expect(cards.first()).toContainText('Scheduled platform maintenance');
  await expect(cards.first().getByRole('img')).toHaveAttribute('alt', /Scheduled platform maintenance/);
  // Hidden items and the Q&A category never show.
  await expect(page.getByText('v1.13')).toHaveCount(0);

  const pages = page.getByRole('navigation', { name: news.pagination });
  await pages.getByRole('link', { name: news.next }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Spring hands-on classes');

  await page.getByRole('link', { name: news.categories['0'], exact: true }).click();
  await expect(page).toHaveURL(/\?category=0$/);
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole('link', { name: news.categories['0'], exact: true })).toHaveAttribute('aria-current', 'page');
  for (const card of await cards.all()) await expect(card).toContainText(news.categories['0']);

  await cards.first().getByRole('link').click();
  await expect(page).toHaveTitle(`${common.pages.newsDetail} | Inspectra`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/v1\.12 is live/);
  await expect(page.getByRole('main')).toContainText('Existing models keep working without retraining');
  await page.getByRole('link', { name: news.back }).click();
  await expect(page).toHaveURL(/\/news$/);
});

test('a wrong page, category or article is explained in the visitor’s language, never a blank page', async ({ page }) => {
  const news = texts('zh-TW', 'content').news;
  const errors = texts('zh-TW', 'errors');
  await openIn(page, 'zh-TW', '/news?page=abc');
  await expect(page.getByRole('alert')).toContainText(news.failed);
  await expect(page.getByRole('alert')).toContainText(news.badAddress);
  await page.goto('/news?category=3');
  await expect(page.getByRole('alert')).toContainText(news.badAddress);
  await page.goto('/news?page=40');
  await expect(page.getByRole('alert')).toContainText(errors.OutOfRange.replace('{{min}}', '1').replace('{{max}}', '2'));
  await page.getByRole('link', { name: news.firstPage }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
  await page.goto('/news/999999');
  await expect(page.getByRole('heading', { level: 1, name: news.failed })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(errors.NotFound);
  // An id that is not a number is simply not an article.
  await page.goto('/news/zero');
  await expect(page.getByRole('main')).toContainText(errors.NotFound);
});

test('the class list reads the scheduled classes from the database, each with a way to its dates', async ({ page }) => {
  const pages = texts('ja', 'pages');
  const courses = texts('ja', 'courses');
  await openIn(page, 'ja', '/classes-list');
  // The demo data schedules classes, so the list is filled and the empty notice is absent.
  await expect(page.getByRole('link', { name: courses.details }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: pages.classesList.empty.title })).toHaveCount(0);
});

test('questions and answers come from the database, grouped, and open in place', async ({ page }) => {
  await openIn(page, 'en', '/support/qa');
  // A demo question (src/server/modules/content/demo-qa.ts), written by content staff in the news editor.
  await expect(page.getByRole('heading', { level: 2, name: 'Points and payment' })).toBeVisible();
  const answer = page.getByText('Yes, 40 points. The Basic plan is 40 points and the Advanced plan 80 points.');
  await expect(answer).toBeHidden();
  await page.getByText('Is there a minimum purchase?').click();
  await expect(answer).toBeVisible();
});
