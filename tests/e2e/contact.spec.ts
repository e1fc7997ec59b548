import { expect, test } from '@playwright/test';
import { atDesktopOnly, languages, openIn, receivedMails, texts } from './support';

// Staff holding customer_service (super staff hold every permission); other tests may add customer-service colleagues.
const staffInboxes = ['admin@inspectra.example', 'service@inspectra.example'];
const otherStaff = 'accounts@inspectra.example';

test('a visitor sends a demo request in each language and customer service is mailed', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  // All four languages at desktop width; the default one is enough at phone width.
  const tried = testInfo.project.name === 'phone' ? (['zh-TW'] as const) : languages;
  for (const language of tried) {
    await test.step(language, async () => {
      const contact = texts(language, 'messages');
      const email = `buyer.${language.toLowerCase()}.${testInfo.project.name}@precision-parts.example`;
      await openIn(page, language, '/support');
      await expect(page).toHaveTitle(`${texts(language, 'common').pages.support} | Inspectra`);

      // The demo-request fields show for the default type; the class fields do not.
      await expect(page.getByLabel(contact.fields.companyIndustry)).toBeVisible();
      await expect(page.getByLabel(contact.fields.attendees)).toHaveCount(0);

      await page.getByLabel(contact.fields.firstName).fill('Mei');
      await page.getByLabel(contact.fields.lastName).fill('Lin');
      await page.getByLabel(contact.fields.email).fill(email);
      await page.getByLabel(contact.fields.phone).fill('+886 2 2712 0000');
      await page.getByLabel(contact.fields.description).fill('Scratches on stamped brackets; two cameras per line.');
      await page.getByLabel(contact.fields.companyIndustry).selectOption({ label: contact.industries.machinery });
      await page.getByRole('button', { name: contact.submit }).click();

      const success = page.getByRole('status').filter({ hasText: contact.success });
      await expect(success).toBeVisible();
      // It closes by itself after 2.2 s.
      await expect(success).toBeHidden({ timeout: 5_000 });
      await expect(page.getByLabel(contact.fields.firstName)).toHaveValue('');

      const recipients = () => receivedMails().then((mails) => mails.filter((mail) => mail.raw.includes(email)).flatMap((mail) => mail.to));
      await expect.poll(recipients, { timeout: 15_000 }).toEqual(expect.arrayContaining(staffInboxes));
      expect(await recipients()).not.toContain(otherStaff);
    });
  }
});

test('a course inquiry asks for the class fields and refuses empty and malformed input', async ({ page }) => {
  atDesktopOnly();
  const contact = texts('en', 'messages');
  const validation = texts('en', 'validation');
  await openIn(page, 'en', '/support');
  await page.getByLabel(contact.fields.type).selectOption({ label: contact.types['3'] });
  await expect(page.getByLabel(contact.fields.attendees)).toBeVisible();
  await expect(page.getByLabel(contact.fields.classMode)).toBeVisible();
  await expect(page.getByLabel(contact.fields.courseContent)).toBeVisible();
  await expect(page.getByLabel(contact.fields.companyIndustry)).toHaveCount(0);

  await page.getByLabel(contact.fields.email).fill('not-an-email');
  await page.getByRole('button', { name: contact.submit }).click();
  await expect(page.getByText(validation.required).first()).toBeVisible();
  await expect(page.getByText(validation.email)).toBeVisible();
  await expect(page.getByLabel(contact.fields.firstName)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('status').filter({ hasText: contact.success })).toHaveCount(0);
});

test('a wide-character description over the limit is refused in Traditional Chinese', async ({ page }) => {
  atDesktopOnly();
  const contact = texts('zh-TW', 'messages');
  await openIn(page, 'zh-TW', '/support');
  await page.getByLabel(contact.fields.description).fill('檢'.repeat(1001));
  await page.getByRole('button', { name: contact.submit }).click();
  await expect(page.getByText(texts('zh-TW', 'validation').tooLong['2000'])).toBeVisible();
});

test('when the server cannot take the message the visitor sees the failure alert', async ({ page }) => {
  atDesktopOnly();
  const contact = texts('ja', 'messages');
  await page.route('**/trpc/messages.submit**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await openIn(page, 'ja', '/support');
  await page.getByLabel(contact.fields.firstName).fill('Taro');
  await page.getByLabel(contact.fields.lastName).fill('Yamada');
  await page.getByLabel(contact.fields.email).fill('taro@yamada-seiko.example');
  await page.getByLabel(contact.fields.phone).fill('03-5555-0100');
  await page.getByLabel(contact.fields.description).fill('Counting screws.');
  await page.getByRole('button', { name: contact.submit }).click();
  await expect(page.getByRole('alert').filter({ hasText: contact.failure })).toBeVisible();
});
