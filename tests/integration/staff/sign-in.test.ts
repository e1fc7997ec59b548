import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../src/server/db/schema';
import { memoryCookieJar } from '../../../src/server/http/cookies';
import { STAFF_COOKIE } from '../../../src/server/modules/staff/staff-sign-in.service';
import { actorFrom } from '../../../src/server/trpc/context';
import { makeStaff, staffCode } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';
import type { StaffSignInForm } from '../../../src/shared/staff';

/** The back-office sign-in (issue 7, items 2, 14 and 21), its authenticator step and the operator's reset. */
let services: TestServices;
let now = new Date('2026-11-22T08:00:00Z');
const advance = (ms: number) => (now = new Date(now.getTime() + ms));
beforeAll(async () => {
  services = await openTestServices({ clock: () => now });
});
afterAll(() => services?.close());

const password = 'correct horse battery';
let ipSequence = 0;
const freshIp = () => `198.18.0.${++ipSequence}`;
const signIn = (form: StaffSignInForm, options: { ip?: string; cookies?: ReturnType<typeof memoryCookieJar> } = {}) =>
  callerFor(services.deps, undefined, undefined, { ip: options.ip ?? freshIp(), cookies: options.cookies ?? memoryCookieJar() }).staff.signIn(form);

describe('staff sign-in', { timeout: 120_000 }, () => {
  it('answers an unknown address and a wrong password alike', async () => {
    const member = await makeStaff(services.deps.db, { permissions: ['customer_service'] });
    const unknown = await failure(signIn({ email: 'nobody@inspectra.example', password }));
    const wrong = await failure(signIn({ email: member.email, password: 'not the password' }));
    expect(unknown).toEqual({ trpcCode: 'UNAUTHORIZED', code: 'IncorrectCredentials', params: {} });
    expect(wrong).toEqual(unknown);
  });

  it('locks the account after 10 wrong passwords in a row: 15 wrong and then the right one does not sign in', async () => {
    const member = await makeStaff(services.deps.db, { super: true });
    for (let attempt = 0; attempt < 15; attempt++) await failure(signIn({ email: member.email, password: `wrong-${attempt}` }));
    expect(await failure(signIn({ email: member.email, password }))).toMatchObject({ code: 'TooManyAttempts', params: { minutes: 10 } });
    advance(10 * 60_000 + 1000);
    await expect(signIn({ email: member.email, password, totpCode: staffCode(member, now) })).resolves.toMatchObject({ status: 'signedIn', staff: { email: member.email, super: true } });
  });

  it('allows 10 sign-in requests a minute from one address, even when they arrive at once', async () => {
    const member = await makeStaff(services.deps.db, { permissions: ['customer_service'] });
    const ip = freshIp();
    const results = await Promise.allSettled(Array.from({ length: 60 }, () => signIn({ email: `someone-${Math.random()}@inspectra.example`, password: 'guess' }, { ip })));
    const refused = results.filter((result) => result.status === 'rejected' && (result.reason as { cause?: { code?: string } }).cause?.code === 'TooManyAttempts');
    expect(refused).toHaveLength(50);
    expect(await failure(signIn({ email: member.email, password }, { ip }))).toMatchObject({ code: 'TooManyAttempts', params: { minutes: 1 } });
    await expect(signIn({ email: member.email, password, totpCode: staffCode(member, now) })).resolves.toMatchObject({ status: 'signedIn', staff: { email: member.email } });
  });

  it('ends the session already in the cookie: the old token no longer signs anyone in', async () => {
    const member = await makeStaff(services.deps.db, { permissions: ['customer_service'] });
    const cookies = memoryCookieJar();
    await signIn({ email: member.email, password, totpCode: staffCode(member, now) }, { cookies });
    const first = cookies.get(STAFF_COOKIE)!;
    await signIn({ email: member.email, password, totpCode: staffCode(member, now) }, { cookies });
    const second = cookies.get(STAFF_COOKIE)!;
    expect(second).not.toBe(first);
    expect(await actorFrom(services.deps, memoryCookieJar({ [STAFF_COOKIE]: first }))).toEqual({ kind: 'visitor' });
    expect(await actorFrom(services.deps, memoryCookieJar({ [STAFF_COOKIE]: second }))).toMatchObject({ kind: 'staff', staffId: member.id });
    expect(await services.deps.db.select().from(sessions).where(eq(sessions.staffId, member.id))).toHaveLength(1);
  });

  it('refuses a disabled staff member at sign-in: no session row and no cookie', async () => {
    const member = await makeStaff(services.deps.db, { permissions: ['customer_service'], disabled: true });
    const cookies = memoryCookieJar();
    expect(await failure(signIn({ email: member.email, password }, { cookies }))).toMatchObject({ code: 'Unauthorized', params: { reason: 'accountDisabled' } });
    expect(cookies.values.size).toBe(0);
    expect(await services.deps.db.select().from(sessions).where(eq(sessions.staffId, member.id))).toHaveLength(0);
  });

  it('refuses bad input with field errors', async () => {
    expect(await failure(signIn({ email: '', password: '' }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { email: ['validation.required'], password: ['validation.required'] } });
  });
});
