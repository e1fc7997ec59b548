import { expect, test } from '@playwright/test';
import { publicRoutes } from './public-support';
import { languages, texts } from './support';

// What a crawler or a link preview sees: the page as the server sends it, no script run.
test.use({ javaScriptEnabled: false });

for (const language of languages) {
  test(`every public page carries its own head and main content without JavaScript, in ${language}`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'the HTML is the same at every width; one run is enough');
    test.setTimeout(90_000);
    const common = texts(language, 'common');
    const descriptions = new Set<string>();
    for (const route of publicRoutes) {
      const response = await page.goto(`${route.path}?lang=${language}`);
      expect(response?.status(), route.path).toBe(200);
      const name = route.page === 'newsDetail' ? await page.locator('h1').textContent() : common.pages[route.page];
      await expect(page, route.path).toHaveTitle(`${name} | Inspectra`);
      await expect(page.locator('html'), route.path).toHaveAttribute('lang', language);

      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length, `${route.path} description`).toBeGreaterThan(20);
      descriptions.add(description!);
      await expect(page.locator('meta[property="og:title"]'), route.path).toHaveAttribute('content', `${name} | Inspectra`);
      await expect(page.locator('meta[property="og:description"]'), route.path).toHaveAttribute('content', description!);
      await expect(page.locator('meta[name="twitter:card"]'), route.path).toHaveAttribute('content', 'summary');

      const base = new URL(route.path, page.url()).href;
      await expect(page.locator('link[rel="canonical"]'), route.path).toHaveAttribute('href', `${base}?lang=${language}`);
      for (const other of languages) {
        await expect(page.locator(`link[rel="alternate"][hreflang="${other}"]`), `${route.path} ${other}`).toHaveAttribute('href', `${base}?lang=${other}`);
      }
      await expect(page.locator('link[rel="alternate"][hreflang="x-default"]'), route.path).toHaveAttribute('href', base);

      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading, route.path).toHaveCount(1);
      // The page's own heading, as the app draws it: the landing page's is its slogan.
      await expect(heading, route.path).toHaveText(route.page === 'home' ? texts(language, 'home').title : name!);
    }
    // Each page describes itself: no description shared by all of them.
    expect(descriptions.size).toBeGreaterThan(publicRoutes.length - 5);
  });
}

test('a news article comes from the database with its own title, date and text, in the language asked', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'one run is enough');
  await page.goto('/news?lang=en');
  const first = page.locator('main li h2 a').first();
  const title = (await first.textContent())!;
  await first.click();
  await expect(page).toHaveURL(/\/news\/\d+\?lang=en$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title} | Inspectra`);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page.locator('main time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);

  const missing = await page.goto('/news/987654');
  expect(missing?.status()).toBe(404);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});

test('robots.txt and sitemap.xml list the public site; the management centre and back office are never indexed', async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'one run is enough');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /management-center');
  expect(robots).toContain('Disallow: /admin');
  expect(robots).toMatch(/Sitemap: http:\/\/.+\/sitemap\.xml/);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('xml');
  const xml = await sitemap.text();
  for (const route of publicRoutes.filter((r) => !['/401', '/news/2'].includes(r.path))) {
    expect(xml, route.path).toContain(`${route.path}</loc>`);
  }
  expect(xml).toMatch(/\/news\/\d+<\/loc><lastmod>\d{4}-\d\d-\d\d<\/lastmod>/);
  expect(xml).toContain('hreflang="ja"');
  expect(xml).not.toContain('/management-center');

  for (const path of ['/management-center/member', '/admin']) {
    const response = await page.goto(path);
    expect(response?.headers()['x-robots-tag'], path).toContain('noindex');
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', /noindex/);
  }
});
