import { expect, test } from '@playwright/test';
import superjson from 'superjson';
import { mailContaining, superStaffCookies, uniqueEmail, useOwnAddress } from './accounts-support';
import { keepScreenshot, openIn, texts } from './support';

test.beforeEach(async ({ page }) => {
  await useOwnAddress(page);
});

test('customer service answers a contact message from the inbox, and the visitor receives the reply by mail', async ({ page }, testInfo) => {
  const admin = texts('en', 'admin');
  const t = texts('en', 'messages').admin;
  const email = uniqueEmail('inbox');
  const question = `We inspect solder joints on 12 lines; can one model cover all of them? (${testInfo.project.name})`;
  const sent = await page.request.post('/trpc/messages.submit', {
    data: superjson.serialize({ firstName: 'Wen', lastName: 'Lin', email, phone: '+886 3 578 1234', type: 1, description: question, companyIndustry: 'electronicComponents', adoptionTime: 'within3Months' }),
    headers: { 'content-type': 'application/json', 'x-portal-language': 'en' },
  });
  expect(sent.ok()).toBe(true);

  // The demo super staff's kept session: no new authenticator step (a code works once).
  await page.context().addCookies(await superStaffCookies(process.env.E2E_BASE_URL!));
  await openIn(page, 'en', '/admin');
  await expect(page.getByRole('heading', { level: 1, name: admin.overview.title })).toBeVisible();
  const menu = page.getByRole('navigation', { name: admin.menu.label });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: admin.menu.open }).click();
  await menu.getByRole('link', { name: admin.screens.messages }).click();

  // The inbox opens on the open messages, newest first: the new one is at the top.
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByRole('cell', { name: t.statuses['0'] })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await keepScreenshot(page, 'admin-messages');

  await row.getByRole('link').click();
  await expect(page.getByText(question)).toBeVisible();
  await page.getByRole('button', { name: t.send }).click();
  await expect(page.getByText(texts('en', 'validation').required)).toBeVisible();

  const answer = `Yes: one model per defect type is enough; we can show it on your images next Tuesday. Ref ${Date.now().toString(36)}`;
  await page.getByLabel(t.replyLabel).fill(answer);
  await page.getByRole('button', { name: t.send }).click();
  await expect(page.getByText(t.sent)).toBeVisible();
  await expect(page.getByRole('heading', { name: new RegExp(t.replied.replace('{{at}}', '.+')) })).toBeVisible();

  const mail = await mailContaining(email, answer);
  expect(mail).toContain('> We inspect solder joints');

  // Back in the inbox the message has left the open list.
  await page.getByRole('link', { name: t.back }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
});
