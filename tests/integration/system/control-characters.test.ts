import { count, eq } from 'drizzle-orm';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customerMessages, groups, pointLedger, teams, users } from '../../../src/server/db/schema';
import { MEMBER_COOKIE } from '../../../src/server/modules/auth/member-session.service';
import { startSession } from '../../../src/server/modules/sessions/sessions.service';
import { contactFormDefaults } from '../../../src/shared/messages';
import { makeMember } from '../../factories/members';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';
import { serveApiOnLoopback, type LoopbackApi } from '../../fixtures/http';

/** A NUL in any text field (issue 7, item 9): bad input of that field, never a 500, nothing stored. */
let services: TestServices;
let api: LoopbackApi;
let base: string;
beforeAll(async () => {
  services = await openTestServices();
  api = await serveApiOnLoopback(services.deps);
  base = api.base;
});
afterAll(async () => {
  api?.close();
  await services?.close();
});

let address = 0;
async function post(path: string, input: unknown, cookie = '') {
  const response = await fetch(`${base}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-forwarded-for': `203.0.113.${++address}` },
    body: JSON.stringify(superjson.serialize(input)),
  });
  return { status: response.status, app: (await response.json()).error?.json.data.app };
}

const refused = (field: string) => ({ status: 400, app: { code: 'InvalidInput', params: {}, fieldErrors: { [field]: ['validation.controlCharacter'] } } });

describe('control characters in text fields', () => {
  it('refuses a NUL in the company name of a sign-up, and registers nobody', async () => {
    const form = { companyName: '聯光\u0000精密', taxId: 'Tw53106273', name: '陳雅婷', phone: '03-578-1234', email: 'chen.yt@lianguang-optics.example', password: 'Lens-inspection-42', confirmPassword: 'Lens-inspection-42', acceptTerms: true };
    expect(await post('auth.signUp', form)).toEqual(refused('companyName'));
    expect(await services.deps.db.select().from(users).where(eq(users.email, 'chen.yt@lianguang-optics.example'))).toEqual([]);
  });

  it('refuses a NUL in a contact message, and stores none', async () => {
    const [before] = await services.deps.db.select({ value: count() }).from(customerMessages);
    const message = { ...contactFormDefaults, firstName: 'Kenji', lastName: 'Mori', email: 'kenji@mori-seiki.example', phone: '+81 52 555 0100', description: 'Counting\u0000 parts' };
    expect(await post('messages.submit', message)).toEqual(refused('description'));
    const [after] = await services.deps.db.select({ value: count() }).from(customerMessages);
    expect(after!.value).toBe(before!.value);
  });

  it('refuses a NUL in the staff sign-in e-mail', async () => {
    expect(await post('staff.signIn', { email: 'admin\u0000@inspectra.example', password: 'anything' })).toEqual(refused('email'));
  });

  it('refuses a NUL in the member profile, and keeps the stored data', async () => {
    const member = await makeMember(services.deps.db);
    const cookie = `${MEMBER_COOKIE}=${await startSession(services.deps, { userId: member.id })}`;
    const form = { name: '林志明', companyName: '精密光學\u0000', taxId: '24536806', contactPersonName: '', contactPersonTel: '', contactPersonEmail: '', companyAddress: '' };
    expect(await post('accounts.updateProfile', form, cookie)).toEqual(refused('companyName'));
    const [group] = await services.deps.db.select().from(groups).where(eq(groups.id, member.groupId));
    expect(group!.companyName).not.toContain('\u0000');
  });

  it('refuses half of a UTF-16 pair alone: no system error for staff, nothing stored as U+FFFD for members', async () => {
    // PostgreSQL's json refused it (the audit row of a bonus grant: a 500); its text stored U+FFFD.
    const member = await makeMember(services.deps.db);
    const finance = await makeStaff(services.deps.db, { permissions: ['points_management'] });
    const grant = callerFor(services.deps, { kind: 'staff', staffId: finance.id }).points.admin.grantBonus({ account: member.email, points: 3, reason: 'Launch \ud800 week' });
    expect(await failure(grant)).toMatchObject({ code: 'InvalidInput', fieldErrors: { reason: ['validation.controlCharacter'] } });
    expect(await services.deps.db.select().from(pointLedger).where(eq(pointLedger.groupId, member.groupId))).toEqual([]);
    expect(await services.deps.db.select().from(auditLog).where(eq(auditLog.staffEmail, finance.email))).toEqual([]);

    const cookie = `${MEMBER_COOKIE}=${await startSession(services.deps, { userId: member.id })}`;
    expect(await post('teams.create', { name: 'AOI \udc00 line', description: '' }, cookie)).toEqual(refused('name'));
    expect(await services.deps.db.select().from(teams).where(eq(teams.groupId, member.groupId))).toEqual([]);
  });

  it('takes a required field made only of invisible characters as empty', async () => {
    const member = await makeMember(services.deps.db);
    const cookie = `${MEMBER_COOKIE}=${await startSession(services.deps, { userId: member.id })}`;
    const answer = await post('teams.create', { name: '\u200b\u200d\u2060 ', description: '' }, cookie);
    expect(answer).toEqual({ status: 400, app: { code: 'InvalidInput', params: {}, fieldErrors: { name: ['validation.required'] } } });
  });

  it('still takes tabs and line breaks in a message', async () => {
    const message = { ...contactFormDefaults, firstName: 'Kenji', lastName: 'Mori', email: 'kenji@mori-seiki.example', phone: '+81 52 555 0100', description: 'Line one\r\n\tLine two' };
    expect((await post('messages.submit', message)).status).toBe(200);
  });
});
