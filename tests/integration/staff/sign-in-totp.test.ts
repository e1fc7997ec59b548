import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, staff } from '../../../src/server/db/schema';
import { memoryCookieJar } from '../../../src/server/http/cookies';
import { totpCode } from '../../../src/server/modules/auth/totp';
import { STAFF_COOKIE } from '../../../src/server/modules/staff/staff-sign-in.service';
import { resetStaffAuthenticator } from '../../../src/server/modules/staff/staff-totp.service';
import type { StaffSignInForm } from '../../../src/shared/staff';
import { makeStaff, staffCode } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

/** Staff must use an authenticator (issue 7, items 2 and 19): enrolment at the first sign-in, then a code every time. */
let services: TestServices;
let now = new Date('2026-11-22T08:00:07Z');
const advance = (ms: number) => (now = new Date(now.getTime() + ms));
beforeAll(async () => {
  services = await openTestServices({ clock: () => now });
});
afterAll(() => services?.close());

const password = 'correct horse battery';
let ipSequence = 0;
const freshIp = () => `198.18.1.${++ipSequence}`;
const signIn = (form: StaffSignInForm, cookies = memoryCookieJar()) => callerFor(services.deps, undefined, undefined, { ip: freshIp(), cookies }).staff.signIn(form);
const storedRow = async (id: string) => (await services.deps.db.select().from(staff).where(eq(staff.id, id)))[0]!;
const sessionCount = async (id: string) => (await services.deps.db.select().from(sessions).where(eq(sessions.staffId, id))).length;

describe('a staff member without an authenticator', { timeout: 120_000 }, () => {
  it('enrols one at the first sign-in: secret and QR code, a first code confirms, recovery codes once, then a code every time', async () => {
    const member = await makeStaff(services.deps.db, { permissions: ['customer_service'], totp: false });
    const cookies = memoryCookieJar();
    const enrolment = await signIn({ email: member.email, password }, cookies);
    expect(enrolment).toMatchObject({ status: 'totpEnrolment', qrCode: expect.stringMatching(/^data:image\/png;base64,/) });
    if (enrolment.status !== 'totpEnrolment') throw new Error('no enrolment step');
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUrl).toContain(`otpauth://totp/Inspectra:${encodeURIComponent(member.email)}?`);
    expect(enrolment.otpauthUrl).toContain(`secret=${enrolment.secret}`);
    // No session until the authenticator is confirmed.
    expect(cookies.values.size).toBe(0);
    expect(await sessionCount(member.id)).toBe(0);
    // Stored sealed: the column does not hold the secret.
    const pending = await storedRow(member.id);
    expect(pending.totpSecret).toMatch(/^v1:/);
    expect(pending.totpSecret).not.toContain(enrolment.secret);
    expect(pending.totpEnabledAt).toBeNull();

    const wrongCode = totpCode(enrolment.secret, new Date(now.getTime() + 5 * 60_000));
    expect(await failure(signIn({ email: member.email, password, totpCode: wrongCode }, cookies))).toMatchObject({ code: 'IncorrectValue', params: { field: 'totpCode' } });
    expect(await sessionCount(member.id)).toBe(0);

    const signedIn = await signIn({ email: member.email, password, totpCode: totpCode(enrolment.secret, now) }, cookies);
    expect(signedIn).toMatchObject({ status: 'signedIn', staff: { email: member.email, permissions: ['customer_service'] } });
    if (signedIn.status !== 'signedIn') throw new Error('not signed in');
    expect(signedIn.recoveryCodes).toHaveLength(10);
    expect(new Set(signedIn.recoveryCodes).size).toBe(10);
    expect(cookies.get(STAFF_COOKIE)).toMatch(/^[\w-]{43}$/);
    expect((await storedRow(member.id)).totpEnabledAt).not.toBeNull();

    // From now on the password alone only asks for the code; the enrolment is not offered again.
    advance(30_000);
    expect(await signIn({ email: member.email, password })).toEqual({ status: 'totpRequired' });
    const again = await signIn({ email: member.email, password, totpCode: totpCode(enrolment.secret, now) });
    expect(again).toMatchObject({ status: 'signedIn' });
    expect(again).not.toHaveProperty('recoveryCodes');
    // A recovery code works once.
    const recovery = signedIn.recoveryCodes![0]!;
    await expect(signIn({ email: member.email, password, recoveryCode: recovery })).resolves.toMatchObject({ status: 'signedIn' });
    expect(await failure(signIn({ email: member.email, password, recoveryCode: recovery }))).toMatchObject({ code: 'IncorrectValue', params: { field: 'recoveryCode' } });
  });

  it('is not enrolled by someone without the password: a wrong password gets the neutral answer, no secret', async () => {
    const member = await makeStaff(services.deps.db, { totp: false });
    expect(await failure(signIn({ email: member.email, password: 'not the password' }))).toMatchObject({ code: 'IncorrectCredentials' });
    expect((await storedRow(member.id)).totpSecret).toBeNull();
  });
});

describe('a staff member with an authenticator', { timeout: 120_000 }, () => {
  it('gets no session for the password alone, and a code works only once', async () => {
    const member = await makeStaff(services.deps.db, { permissions: ['manage_course'] });
    const cookies = memoryCookieJar();
    expect(await signIn({ email: member.email, password }, cookies)).toEqual({ status: 'totpRequired' });
    expect(cookies.values.size).toBe(0);
    expect(await sessionCount(member.id)).toBe(0);
    const code = totpCode(member.totpSecret!, now);
    await expect(signIn({ email: member.email, password, totpCode: code })).resolves.toMatchObject({ status: 'signedIn' });
    expect(await failure(signIn({ email: member.email, password, totpCode: code }))).toMatchObject({ code: 'IncorrectValue', params: { field: 'totpCode' } });
  });

  it('counts wrong codes toward the lock: 10 wrong codes, then even the right code waits 10 minutes', async () => {
    const member = await makeStaff(services.deps.db, { super: true });
    const wrong = totpCode(member.totpSecret!, new Date(now.getTime() + 10 * 60_000));
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(await failure(signIn({ email: member.email, password, totpCode: wrong }))).toMatchObject({ code: 'IncorrectValue' });
    }
    expect(await failure(signIn({ email: member.email, password, totpCode: staffCode(member, now) }))).toMatchObject({ code: 'TooManyAttempts', params: { minutes: 10 } });
    advance(10 * 60_000 + 1000);
    await expect(signIn({ email: member.email, password, totpCode: staffCode(member, now) })).resolves.toMatchObject({ status: 'signedIn' });
  });

  it('is reset by an operator: sessions end, the old codes stop working, and the next sign-in enrols a new one', async () => {
    const member = await makeStaff(services.deps.db, { permissions: ['customer_service'] });
    const cookies = memoryCookieJar();
    await signIn({ email: member.email, password, totpCode: staffCode(member, now) }, cookies);
    expect(await sessionCount(member.id)).toBe(1);

    expect(await resetStaffAuthenticator(services.deps, member.email.toUpperCase())).toEqual({ email: member.email });
    expect(await sessionCount(member.id)).toBe(0);
    const next = await signIn({ email: member.email, password, totpCode: staffCode(member, now) });
    // The old authenticator's code does not confirm the new enrolment; the password alone starts it.
    expect(next).toMatchObject({ status: 'totpEnrolment' });
    await expect(resetStaffAuthenticator(services.deps, 'nobody@inspectra.example')).rejects.toMatchObject({ code: 'UserNotFound' });
  });
});
