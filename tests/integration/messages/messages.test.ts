import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatNotices, customerMessages, mailOutbox } from '../../../src/server/db/schema';
import { contactFormDefaults, type ContactMessageForm } from '../../../src/shared/messages';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { mailsTo } from '../../fixtures/mails';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

const demoRequest: ContactMessageForm = {
  ...contactFormDefaults,
  firstName: '美玲',
  lastName: '張',
  email: 'MeiLing.Chang@Hsinchu-Optics.example',
  phone: '03-578-1234',
  type: 1,
  description: '鏡片表面瑕疵檢測，想了解導入流程與報價。',
  companyIndustry: 'computerElectronicsOptics',
  adoptionTime: 'within6Months',
};

async function counts() {
  const db = services.deps.db;
  const [messages] = await db.select({ value: count() }).from(customerMessages);
  const [mails] = await db.select({ value: count() }).from(mailOutbox);
  const [notices] = await db.select({ value: count() }).from(chatNotices);
  return { messages: messages!.value, mails: mails!.value, notices: notices!.value };
}

describe('sending the contact form', () => {
  beforeEach(async () => {
    await services.deps.db.delete(mailOutbox);
    await services.deps.db.delete(chatNotices);
  });

  it('stores an open message with the demo-request fields and queues mail to customer-service staff only', async () => {
    const service = await makeStaff(services.deps.db, { permissions: ['customer_service'] });
    const superStaff = await makeStaff(services.deps.db, { super: true });
    const finance = await makeStaff(services.deps.db, { permissions: ['confirm_payment'] });
    const retired = await makeStaff(services.deps.db, { permissions: ['customer_service'], disabled: true });

    const { id } = await callerFor(services.deps, { kind: 'visitor' }, 'ja').messages.submit(demoRequest);

    const [stored] = await services.deps.db.select().from(customerMessages).where(eq(customerMessages.id, id));
    expect(stored).toMatchObject({
      status: 0,
      email: 'meiling.chang@hsinchu-optics.example',
      type: 1,
      companyIndustry: 'computerElectronicsOptics',
      adoptionTime: 'within6Months',
      attendees: null,
      language: 'ja',
    });
    const mails = await services.deps.db.select().from(mailOutbox);
    const recipients = mails.map((mail) => mail.recipient).sort();
    expect(recipients).toEqual([service.email, superStaff.email].sort());
    expect(recipients).not.toContain(finance.email);
    expect(recipients).not.toContain(retired.email);
    expect(mails[0]!.subject).toContain(`#${id}`);
    expect(mails[0]!.body).toContain('鏡片表面瑕疵檢測');
    const notices = await services.deps.db.select().from(chatNotices);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toContain('meiling.chang@hsinchu-optics.example');
  });

  it('keeps only the fields of the chosen type', async () => {
    const { id } = await callerFor(services.deps).messages.submit({
      ...demoRequest,
      type: 3,
      attendees: '10-15',
      classMode: 'online',
      courseContent: 'both',
    });
    const [stored] = await services.deps.db.select().from(customerMessages).where(eq(customerMessages.id, id));
    expect(stored).toMatchObject({ type: 3, attendees: '10-15', classMode: 'online', courseContent: 'both', companyIndustry: null, adoptionTime: null });
  });

  it('sends no mail and no chat notice when those feature flags are off', async () => {
    await makeStaff(services.deps.db, { permissions: ['customer_service'] });
    const deps = { ...services.deps, config: { ...services.deps.config, MAIL_NOTIFICATIONS: false, CHAT_NOTIFICATIONS: false } };
    const before = await counts();
    await callerFor(deps).messages.submit(demoRequest);
    const after = await counts();
    expect(after).toEqual({ messages: before.messages + 1, mails: before.mails, notices: before.notices });
  });

  it.each([
    ['a missing first name', { firstName: '' }, { firstName: ['validation.required'] }],
    ['a missing description', { description: '   ' }, { description: ['validation.required'] }],
    ['a malformed e-mail', { email: 'meiling@' }, { email: ['validation.email'] }],
    ['letters for a phone number', { phone: 'call me maybe' }, { phone: ['validation.phone'] }],
    ['a type outside the list', { type: 9 }, { type: ['validation.required'] }],
    ['the hidden product-question type', { type: 0 }, { type: ['validation.required'] }],
    ['a demo request without its industry', { companyIndustry: undefined }, { companyIndustry: ['validation.required'] }],
    ['an industry that is not an option', { companyIndustry: 'aerospace' }, { companyIndustry: ['validation.required'] }],
    ['a description of 1001 wide characters', { description: '瑕'.repeat(1001) }, { description: ['validation.tooLong.2000'] }],
    ['a 10 000-character name', { firstName: 'x'.repeat(10_000) }, { firstName: ['validation.tooLong.50'] }],
    ['a number for a name', { firstName: 42 }, { firstName: ['validation.required'] }],
  ])('refuses %s with the field message and stores nothing', async (_case, change, fieldErrors) => {
    const before = await counts();
    const error = await failure(callerFor(services.deps).messages.submit({ ...demoRequest, ...change } as ContactMessageForm));
    expect(error).toMatchObject({ trpcCode: 'BAD_REQUEST', code: 'InvalidInput', fieldErrors });
    expect(await counts()).toEqual(before);
  });
});

describe('staff handling contact messages', () => {
  async function customerService() {
    const agent = await makeStaff(services.deps.db, { permissions: ['customer_service'] });
    return { agent, caller: callerFor(services.deps, { kind: 'staff', staffId: agent.id }) };
  }

  it('lists messages newest first with the counts per status, and a reply moves one message from open to replied', async () => {
    const { agent, caller } = await customerService();
    const before = (await caller.messages.list({})).counts;
    const first = await callerFor(services.deps).messages.submit({ ...demoRequest, description: 'first of the pair' });
    const second = await callerFor(services.deps).messages.submit({ ...demoRequest, description: 'second of the pair' });

    const open = await caller.messages.list({ status: 0, pageSize: 100 });
    const ids = open.items.map((item) => item.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(open.counts).toEqual({ open: before.open + 2, replied: before.replied });

    const replied = await caller.messages.reply({ messageId: first.id });
    expect(replied).toMatchObject({ id: first.id, status: 1, repliedBy: agent.id, replyBody: null });
    expect(replied.repliedAt).toBeInstanceOf(Date);

    const stillOpen = await caller.messages.list({ status: 0, pageSize: 100 });
    expect(stillOpen.items.map((item) => item.id)).not.toContain(first.id);
    expect(stillOpen.counts).toEqual({ open: before.open + 1, replied: before.replied + 1 });
    const done = await caller.messages.list({ status: 1 });
    expect(done.items.map((item) => item.id)).toContain(first.id);
    // A page with nothing on it still shows the counts of the whole inbox.
    const none = await caller.messages.list({ from: new Date('2000-01-01T00:00:00Z'), to: new Date('2000-01-02T00:00:00Z') });
    expect(none).toEqual({ items: [], next: null, counts: stillOpen.counts });
  });

  it('shows the beginning of a long message in the inbox and the whole of it on its page', async () => {
    const { caller } = await customerService();
    // 300 characters, Chinese and Latin: cut by characters, never inside one.
    const description = `${'我們需要檢測沖壓件表面的刮痕與凹陷，'.repeat(10)}${'Line camera, 120 parts a minute. '.repeat(4)}`.slice(0, 300);
    const { id } = await callerFor(services.deps).messages.submit({ ...demoRequest, description });

    const [row] = (await caller.messages.list({ status: 0, pageSize: 100 })).items.filter((item) => item.id === id);
    expect(row?.description).toBe(`${description.slice(0, 199)}…`);
    expect(row).toMatchObject({ id, firstName: demoRequest.firstName, lastName: demoRequest.lastName, email: demoRequest.email.toLowerCase(), type: demoRequest.type, status: 0 });
    expect(await caller.messages.get({ messageId: id })).toMatchObject({ description, phone: demoRequest.phone });
  });

  it('walks the whole inbox page by page, each message exactly once, even when messages arrive in the same millisecond', async () => {
    const { caller } = await customerService();
    const sameInstant = new Date('2026-03-02T01:00:00Z');
    const visitor = callerFor({ ...services.deps, clock: () => sameInstant });
    const submitted = [];
    for (let index = 0; index < 7; index += 1) submitted.push((await visitor.messages.submit({ ...demoRequest, description: `batch ${index}` })).id);

    const seen: number[] = [];
    let cursor: { createdAt: Date; id: number } | undefined;
    for (let page = 0; page < 10; page += 1) {
      const result = await caller.messages.list({ from: sameInstant, to: sameInstant, pageSize: 3, cursor });
      seen.push(...result.items.map((item) => item.id));
      if (!result.next) break;
      cursor = result.next;
    }
    expect(seen).toEqual([...submitted].reverse());
  });

  it('filters by type and by the date received', async () => {
    const { caller } = await customerService();
    const march = new Date('2026-03-10T02:00:00Z');
    const april = new Date('2026-04-10T02:00:00Z');
    const course = await callerFor({ ...services.deps, clock: () => march }).messages.submit({ ...demoRequest, type: 3 });
    const demo = await callerFor({ ...services.deps, clock: () => april }).messages.submit({ ...demoRequest, type: 1 });

    const courses = await caller.messages.list({ type: 3, pageSize: 100 });
    expect(courses.items.map((item) => item.id)).toContain(course.id);
    expect(courses.items.every((item) => item.type === 3)).toBe(true);

    const inMarch = await caller.messages.list({ from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-31T23:59:59Z'), pageSize: 100 });
    expect(inMarch.items.map((item) => item.id)).toContain(course.id);
    expect(inMarch.items.map((item) => item.id)).not.toContain(demo.id);
  });

  it('mails a written reply to the customer in the language of the message, quoting the question', async () => {
    const { caller } = await customerService();
    const { id } = await callerFor(services.deps, { kind: 'visitor' }, 'ja').messages.submit({ ...demoRequest, email: 'kensaku@osaka-precision.example', description: '金型の傷を検出したい' });
    const answer = 'デモは3月12日の午後にオンラインで行えます。';
    const replied = await caller.messages.reply({ messageId: id, body: answer });
    expect(replied.replyBody).toBe(answer);

    const [mail] = await mailsTo(services.deps.db, 'kensaku@osaka-precision.example', 'contact.reply');
    expect(mail?.body).toContain(answer);
    expect(mail?.body).toContain('> 金型の傷を検出したい');
    expect(mail?.subject).toContain(`#${id}`);
  });

  it('lets only one of two staff members answer a message at once, and counts it once', async () => {
    const one = await customerService();
    const two = await customerService();
    const { id } = await callerFor(services.deps).messages.submit({ ...demoRequest, email: 'race@tainan-castings.example' });
    const before = (await one.caller.messages.list({})).counts;
    const results = await Promise.allSettled([
      one.caller.messages.reply({ messageId: id, body: 'Answer from the first agent.' }),
      two.caller.messages.reply({ messageId: id, body: 'Answer from the second agent.' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect(await failure(Promise.reject((refused as PromiseRejectedResult).reason))).toMatchObject({ code: 'OperationError', params: { reason: 'alreadyReplied' } });
    expect(await mailsTo(services.deps.db, 'race@tainan-castings.example', 'contact.reply')).toHaveLength(1);
    const auditor = callerFor(services.deps, { kind: 'staff', staffId: (await makeStaff(services.deps.db, { super: true })).id });
    const audited = await auditor.audit.admin.search({ action: 'message.reply', target: `message:${id}` });
    expect(audited.items).toHaveLength(1);
    expect(audited.items[0]).toMatchObject({ after: { status: 1, mailed: true } });
    expect((await one.caller.messages.list({})).counts).toEqual({ open: before.open - 1, replied: before.replied + 1 });
  });

  it('refuses to reply twice and says so, and gives NotFound for an unknown message', async () => {
    const { caller } = await customerService();
    const { id } = await callerFor(services.deps).messages.submit(demoRequest);
    await caller.messages.reply({ messageId: id });
    expect(await failure(caller.messages.reply({ messageId: id }))).toMatchObject({ code: 'OperationError', params: { reason: 'alreadyReplied' } });
    expect(await failure(caller.messages.reply({ messageId: 987_654 }))).toMatchObject({ trpcCode: 'NOT_FOUND', code: 'NotFound' });
    expect(await failure(caller.messages.get({ messageId: 987_654 }))).toMatchObject({ trpcCode: 'NOT_FOUND', code: 'NotFound' });
  });

  it('refuses bad list and reply input with BAD_REQUEST and changes nothing', async () => {
    const { caller } = await customerService();
    const { id } = await callerFor(services.deps).messages.submit(demoRequest);
    expect(await failure(caller.messages.list({ pageSize: 1000 }))).toMatchObject({ code: 'InvalidInput' });
    expect(await failure(caller.messages.list({ status: 5 as 0 }))).toMatchObject({ code: 'InvalidInput' });
    expect(await failure(caller.messages.list({ type: 7 as 0 }))).toMatchObject({ code: 'InvalidInput' });
    expect(await failure(caller.messages.list({ from: new Date('2026-05-02'), to: new Date('2026-05-01') }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { to: ['validation.dateRange'] } });
    expect(await failure(caller.messages.reply({ messageId: -1 }))).toMatchObject({ code: 'InvalidInput' });
    expect(await failure(caller.messages.reply({ messageId: '1; drop table' as unknown as number }))).toMatchObject({ code: 'InvalidInput' });
    expect(await failure(caller.messages.reply({ messageId: id, body: '答'.repeat(1001) }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { body: ['validation.tooLong.2000'] } });
    expect(await failure(caller.messages.reply({ messageId: id, body: 'hello\u0000' }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { body: ['validation.controlCharacter'] } });
    expect(await caller.messages.get({ messageId: id })).toMatchObject({ status: 0, replyBody: null });
  });
});

describe('who may list and reply', () => {
  it.each([
    ['a visitor', async () => ({ kind: 'visitor' as const }), 'UNAUTHORIZED', 'MissingAuthentication'],
    ['a member', async () => ({ kind: 'member' as const, userId: '00000000-0000-4000-8000-000000000000' }), 'UNAUTHORIZED', 'MissingAuthentication'],
    ['staff without customer_service', async () => ({ kind: 'staff' as const, staffId: (await makeStaff(services.deps.db, { permissions: ['confirm_order'] })).id }), 'FORBIDDEN', 'Unauthorized'],
    ['disabled customer-service staff', async () => ({ kind: 'staff' as const, staffId: (await makeStaff(services.deps.db, { permissions: ['customer_service'], disabled: true })).id }), 'FORBIDDEN', 'Unauthorized'],
    ['a staff id that does not exist', async () => ({ kind: 'staff' as const, staffId: '00000000-0000-4000-8000-000000000001' }), 'FORBIDDEN', 'Unauthorized'],
  ])('%s may neither list nor reply', async (_who, actorOf, trpcCode, code) => {
    const { id } = await callerFor(services.deps).messages.submit(demoRequest);
    const caller = callerFor(services.deps, await actorOf());
    expect(await failure(caller.messages.list({}))).toMatchObject({ trpcCode, code });
    expect(await failure(caller.messages.get({ messageId: id }))).toMatchObject({ trpcCode, code });
    expect(await failure(caller.messages.reply({ messageId: id }))).toMatchObject({ trpcCode, code });
    const [stored] = await services.deps.db.select().from(customerMessages).where(eq(customerMessages.id, id));
    expect(stored!.status).toBe(0);
  });

  it.each([
    ['staff with customer_service', { permissions: ['customer_service' as const] }],
    ['super staff', { super: true }],
  ])('%s may list and reply', async (_who, options) => {
    const member = await makeStaff(services.deps.db, options);
    const { id } = await callerFor(services.deps).messages.submit(demoRequest);
    const caller = callerFor(services.deps, { kind: 'staff', staffId: member.id });
    expect((await caller.messages.list({ status: 0, pageSize: 100 })).items.map((item) => item.id)).toContain(id);
    await expect(caller.messages.reply({ messageId: id })).resolves.toMatchObject({ status: 1 });
  });
});
