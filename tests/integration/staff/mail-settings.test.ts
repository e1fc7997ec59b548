import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatNotices, mailOutbox } from '../../../src/server/db/schema';
import { contactFormDefaults } from '../../../src/shared/messages';
import { makeMember } from '../../factories/members';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

const contact = { ...contactFormDefaults, firstName: '雅婷', lastName: '陳', email: 'chen.yt@taoyuan-castings.example', phone: '03-355-0101', type: 1 as const, description: '鑄件氣孔檢測', companyIndustry: 'baseMetals' as const, adoptionTime: 'within3Months' as const };

async function superCaller() {
  return callerFor(services.deps, { kind: 'staff', staffId: (await makeStaff(services.deps.db, { super: true })).id });
}

/** The staff mails and chat notices a contact message queues from now on. */
async function noticesOfContact(serviceEmail: string) {
  const since = new Date(Date.now() - 1);
  await callerFor(services.deps).messages.submit(contact);
  const mails = await services.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.recipient, serviceEmail), gt(mailOutbox.createdAt, since)));
  const chats = await services.deps.db.select().from(chatNotices).where(and(eq(chatNotices.kind, 'contact.staff'), gt(chatNotices.createdAt, since)));
  return { mails: mails.length, chats: chats.length };
}

describe('mail routing', () => {
  it('routes every permission and both switches on until super staff change them, showing the deployment switches', async () => {
    const settings = await (await superCaller()).staff.admin.mailSettings();
    expect(Object.values(settings.routes).every(Boolean)).toBe(true);
    expect(settings).toMatchObject({ staffMail: true, chatNotices: true, masters: { mail: true, chat: true } });
  });

  it('stops customer-service mails when their route is off and chat notices when chat is off, and writes each change to the audit log', async () => {
    const caller = await superCaller();
    const service = await makeStaff(services.deps.db, { permissions: ['customer_service'] });
    expect(await noticesOfContact(service.email)).toEqual({ mails: 1, chats: 1 });

    const changed = await caller.staff.admin.updateMailSettings({ routes: { customer_service: false }, staffMail: true, chatNotices: true });
    expect(changed.routes).toMatchObject({ customer_service: false, confirm_order: true });
    expect(await noticesOfContact(service.email)).toEqual({ mails: 0, chats: 1 });

    await caller.staff.admin.updateMailSettings({ routes: { customer_service: true }, staffMail: true, chatNotices: false });
    expect(await noticesOfContact(service.email)).toEqual({ mails: 1, chats: 0 });

    await caller.staff.admin.updateMailSettings({ routes: {}, staffMail: false, chatNotices: true });
    expect(await noticesOfContact(service.email)).toEqual({ mails: 0, chats: 1 });

    const audited = await caller.audit.admin.search({ action: 'settings.mail' });
    expect(audited.items.length).toBeGreaterThanOrEqual(3);
    expect(audited.items[0]).toMatchObject({ after: { staffMail: false, chatNotices: true } });
    await caller.staff.admin.updateMailSettings({ routes: {}, staffMail: true, chatNotices: true });
  });

  it('refuses everyone but super staff, and settings that name no permission', async () => {
    const caller = await superCaller();
    expect(await failure(caller.staff.admin.updateMailSettings({ routes: { sales: false } as never, staffMail: true, chatNotices: true }))).toMatchObject({ code: 'InvalidInput' });
    expect(await failure(caller.staff.admin.updateMailSettings({ routes: {}, staffMail: 'yes' as never, chatNotices: true }))).toMatchObject({ code: 'InvalidInput' });
    for (const actor of [
      { kind: 'staff' as const, staffId: (await makeStaff(services.deps.db, { permissions: ['customer_service', 'activate_account'] })).id },
      { kind: 'member' as const, userId: (await makeMember(services.deps.db)).id },
      { kind: 'visitor' as const },
    ]) {
      const other = callerFor(services.deps, actor);
      expect(await failure(other.staff.admin.mailSettings())).toMatchObject({ code: expect.stringMatching(/Unauthorized|MissingAuthentication/) });
      expect(await failure(other.staff.admin.updateMailSettings({ routes: { customer_service: false }, staffMail: false, chatNotices: false }))).toMatchObject({ code: expect.stringMatching(/Unauthorized|MissingAuthentication/) });
    }
    expect((await caller.staff.admin.mailSettings()).staffMail).toBe(true);
  });
});
