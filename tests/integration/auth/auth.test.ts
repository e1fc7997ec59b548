import { verify } from '@node-rs/argon2';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatNotices, groups, mailOutbox, rateLimits, sessions, users } from '../../../src/server/db/schema';
import { purgeStaleAuthRecords } from '../../../src/server/modules/auth/rate-limit.service';
import { memoryCookieJar } from '../../../src/server/http/cookies';
import { MEMBER_COOKIE, signOutIneligibleMembers } from '../../../src/server/modules/auth/member-session.service';
import { actorFrom } from '../../../src/server/trpc/context';
import type { SignupForm } from '../../../src/shared/auth';
import { makeMember, memberPassword } from '../../factories/members';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { mailedToken, mailsTo } from '../../fixtures/mails';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
let now = new Date('2026-11-22T08:00:00Z');
const advance = (ms: number) => (now = new Date(now.getTime() + ms));
beforeAll(async () => {
  services = await openTestServices({ clock: () => now });
});
afterAll(() => services?.close());

let ipSequence = 0;
/** Each test signs in from its own address, so that the per-address limits of one test do not touch another. */
const freshIp = () => `198.51.100.${++ipSequence}`;

const signup = (overrides: Partial<SignupForm> = {}): SignupForm => ({
  companyName: '晟弘精密工業股份有限公司',
  taxId: 'Tw24536806',
  name: '林志明',
  phone: '04-2359-1234',
  email: `Lin.ZM.${Math.random().toString(36).slice(2, 8)}@ChengHong-Parts.example`,
  password: 'Stamping-line-7',
  confirmPassword: 'Stamping-line-7',
  acceptTerms: true,
  ...overrides,
});

async function counts() {
  const [userCount] = await services.deps.db.select({ value: count() }).from(users);
  const [groupCount] = await services.deps.db.select({ value: count() }).from(groups);
  return { users: userCount!.value, groups: groupCount!.value };
}

async function setSecurity(values: { passwordStrength?: 'basic' | 'medium' | 'strong'; passwordMaxDaysLimit?: number; userTotpVerify?: boolean }) {
  const superStaff = await makeStaff(services.deps.db, { super: true });
  await callerFor(services.deps, { kind: 'staff', staffId: superStaff.id }).settings.updateSecurity(values);
}

beforeEach(() => setSecurity({ passwordStrength: 'basic', passwordMaxDaysLimit: 90, userTotpVerify: false }));

describe('sign-up', () => {
  it('creates the group and its administrator, mails the customer in their language and tells activate_account staff', async () => {
    const activator = await makeStaff(services.deps.db, { permissions: ['activate_account'] });
    const finance = await makeStaff(services.deps.db, { permissions: ['confirm_payment'] });
    const form = signup();
    const noticesBefore = (await services.deps.db.select().from(chatNotices)).length;

    const { email } = await callerFor(services.deps, { kind: 'visitor' }, 'ja', { ip: freshIp() }).auth.signUp(form);

    expect(email).toBe(form.email.toLowerCase());
    const [user] = await services.deps.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ status: 0, isGroupAdmin: true, createTeamLimit: 1, language: 'ja', emailVerifiedAt: null, name: '林志明' });
    expect(user!.termsAcceptedAt).toBeInstanceOf(Date);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verify(user!.passwordHash, form.password)).toBe(true);
    const [group] = await services.deps.db.select().from(groups).where(eq(groups.id, user!.groupId));
    expect(group!.id).toMatch(/^[A-Z0-9]{14}$/);
    expect(group).toMatchObject({ status: 0, companyName: '晟弘精密工業股份有限公司', taxId: 'Tw24536806', contactPersonEmail: email });

    const [customerMail] = await mailsTo(services.deps.db, email, 'account.verify-email');
    expect(customerMail!.subject).toContain('メールアドレスの確認');
    // The link opens the page in the language of the mail.
    expect(customerMail!.body).toMatch(/https:\/\/portal\.inspectra\.example\/verify-email\?lang=ja#token=[\w-]{43}/);
    expect(await mailsTo(services.deps.db, activator.email, 'account.registered.staff')).toHaveLength(1);
    expect(await mailsTo(services.deps.db, finance.email)).toHaveLength(0);
    const notices = await services.deps.db.select().from(chatNotices);
    expect(notices).toHaveLength(noticesBefore + 1);
    expect(notices.at(-1)!.message).toContain(email);
  });

  it('answers a second sign-up for the same e-mail, in any letter case, like a new one: no second account, and the owner is mailed', async () => {
    const form = signup();
    const { email } = await callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.signUp(form);
    const before = await counts();
    const again = await callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.signUp({ ...form, email: form.email.toUpperCase(), companyName: '另一家公司' });
    expect(again).toEqual({ email });
    expect(await counts()).toEqual(before);
    expect(await mailsTo(services.deps.db, email, 'account.verify-email')).toHaveLength(1);
    const [notice] = await mailsTo(services.deps.db, email, 'account.exists');
    expect(notice!.body).toMatch(/https:\/\/portal\.inspectra\.example\/login\?lang=zh-TW/);
    expect(notice!.body).toContain('/forgot-password?lang=zh-TW');
    // An unknown address gets the same answer.
    const fresh = signup();
    await expect(callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.signUp(fresh)).resolves.toEqual({ email: fresh.email.toLowerCase() });
  });

  it('answers re-send requests for a registered and an unknown address alike, waits included', async () => {
    const { email } = await callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.signUp(signup());
    const unknown = `nobody.${Math.random().toString(36).slice(2, 8)}@unknown-parts.example`;
    const resend = (address: string) => callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.resendVerification({ email: address });
    const answers = async (address: string) => {
      const seen: string[] = [];
      for (let request = 0; request < 7; request++) {
        seen.push(await resend(address).then(() => 'sent', (error: { cause?: { code?: string } }) => error.cause?.code ?? 'error'));
        advance(61_000);
      }
      return seen;
    };
    // The sign-up's own mail counts for its address; a first re-send of an unknown one is answered 'sent'.
    advance(61_000);
    const registered = await answers(email);
    advance(60 * 60_000);
    const other = await answers(unknown);
    expect(registered).toEqual(['sent', 'sent', 'sent', 'sent', 'TooManyAttempts', 'TooManyAttempts', 'TooManyAttempts']);
    expect(other).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'TooManyAttempts', 'TooManyAttempts']);
    expect(await failure(resend(unknown))).toMatchObject({ code: 'TooManyAttempts' });
    const soon = `soon.${Math.random().toString(36).slice(2, 8)}@unknown-parts.example`;
    await resend(soon);
    expect(await failure(resend(soon))).toMatchObject({ code: 'VerificationMailTooSoon' });
    expect(await mailsTo(services.deps.db, unknown)).toEqual([]);
  });

  it.each([
    ['a free-mail address', { email: 'chenghong.parts@gmail.com' }, { email: ['validation.companyEmail'] }],
    ['a malformed address', { email: 'lin@' }, { email: ['validation.email'] }],
    ['a five-character password', { password: 'ab1cd', confirmPassword: 'ab1cd' }, { password: ['validation.passwordLength'] }],
    ['a different confirmation', { confirmPassword: 'Stamping-line-8' }, { confirmPassword: ['validation.passwordMismatch'] }],
    ['an identifier with a dash', { taxId: 'TW-2453' }, { taxId: ['validation.alphanumeric'] }],
    ['an empty company name', { companyName: '  ' }, { companyName: ['validation.required'] }],
    ['no name', { name: '' }, { name: ['validation.required'] }],
    ['terms not accepted', { acceptTerms: false as unknown as true }, { acceptTerms: ['validation.acceptTerms'] }],
  ])('refuses %s with its field message and stores nothing', async (_case, change, fieldErrors) => {
    const before = await counts();
    const error = await failure(callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.signUp(signup(change)));
    expect(error).toMatchObject({ trpcCode: 'BAD_REQUEST', code: 'InvalidInput', fieldErrors });
    expect(await counts()).toEqual(before);
  });

  it('applies the strength level of the security settings: WeakPassword, nothing stored', async () => {
    await setSecurity({ passwordStrength: 'strong' });
    const before = await counts();
    const error = await failure(callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.signUp(signup({ password: 'stamping7', confirmPassword: 'stamping7' })));
    expect(error).toMatchObject({ trpcCode: 'BAD_REQUEST', code: 'WeakPassword', params: { strength: 'strong' } });
    expect(await counts()).toEqual(before);
    await expect(callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.signUp(signup({ password: 'Stamping-line-7!', confirmPassword: 'Stamping-line-7!' }))).resolves.toBeTruthy();
  });

  it('allows 10 sign-ups a minute from one address, then says how long to wait', async () => {
    const ip = freshIp();
    for (let index = 0; index < 10; index++) await callerFor(services.deps, undefined, undefined, { ip }).auth.signUp(signup());
    const before = await counts();
    expect(await failure(callerFor(services.deps, undefined, undefined, { ip }).auth.signUp(signup()))).toMatchObject({ trpcCode: 'TOO_MANY_REQUESTS', code: 'TooManyAttempts', params: { minutes: 1 } });
    expect(await counts()).toEqual(before);
    advance(61_000);
    await expect(callerFor(services.deps, undefined, undefined, { ip }).auth.signUp(signup())).resolves.toBeTruthy();
  });
});

describe('e-mail verification', () => {
  it('verifies once with the mailed link; the link does not work twice or after 24 hours', async () => {
    const form = signup();
    const { email } = await callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.signUp(form);
    const token = await mailedToken(services.deps.db, email, '/verify-email');
    await expect(callerFor(services.deps).auth.verifyEmail({ token })).resolves.toEqual({ email, activated: false });
    const [user] = await services.deps.db.select().from(users).where(eq(users.email, email));
    expect(user!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await failure(callerFor(services.deps).auth.verifyEmail({ token }))).toMatchObject({ code: 'ExpiredActionCode' });

    const late = signup();
    await callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.signUp(late);
    const lateToken = await mailedToken(services.deps.db, late.email.toLowerCase(), '/verify-email');
    advance(24 * 60 * 60_000 + 1000);
    expect(await failure(callerFor(services.deps).auth.verifyEmail({ token: lateToken }))).toMatchObject({ trpcCode: 'BAD_REQUEST', code: 'ExpiredActionCode' });
    expect(await failure(callerFor(services.deps).auth.verifyEmail({ token: 'x'.repeat(43) }))).toMatchObject({ code: 'ExpiredActionCode' });
    expect(await failure(callerFor(services.deps).auth.verifyEmail({ token: 'short' }))).toMatchObject({ code: 'InvalidInput' });
  });

  it('refuses a re-send within 60 seconds, then allows at most 5 mails an hour', async () => {
    const form = signup();
    const { email } = await callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.signUp(form);
    const resend = () => callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.resendVerification({ email: email.toUpperCase() });
    expect(await failure(resend())).toMatchObject({ trpcCode: 'TOO_MANY_REQUESTS', code: 'VerificationMailTooSoon' });
    for (let sent = 1; sent < 5; sent++) {
      advance(61_000);
      await expect(resend()).resolves.toEqual({ sent: true });
    }
    advance(61_000);
    expect(await failure(resend())).toMatchObject({ code: 'TooManyAttempts', params: { minutes: 55 } });
    expect(await mailsTo(services.deps.db, email, 'account.verify-email')).toHaveLength(5);
    await expect(callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.resendVerification({ email: 'nobody@unknown-parts.example' })).resolves.toEqual({ sent: true });
    expect(await mailsTo(services.deps.db, 'nobody@unknown-parts.example')).toEqual([]);
  });
});

describe('sign-in', () => {
  it('signs in an active, verified member with the e-mail in any case, and sets a new session cookie each time', async () => {
    const member = await makeMember(services.deps.db, { now, language: 'en' });
    const cookies = memoryCookieJar();
    const caller = callerFor(services.deps, undefined, undefined, { ip: freshIp(), cookies });
    await expect(caller.auth.signIn({ email: member.email.toUpperCase(), password: member.password })).resolves.toEqual({ status: 'signedIn', language: 'en', pendingSteps: [] });
    const first = cookies.get(MEMBER_COOKIE)!;
    expect(first).toBeTruthy();
    expect(await actorFrom(services.deps, cookies)).toMatchObject({ kind: 'member', userId: member.id });

    await caller.auth.signIn({ email: member.email, password: member.password });
    const second = cookies.get(MEMBER_COOKIE)!;
    expect(second).not.toBe(first);
    expect(await actorFrom(services.deps, memoryCookieJar({ [MEMBER_COOKIE]: first }))).toEqual({ kind: 'visitor' });
    const [row] = await services.deps.db.select({ value: count() }).from(sessions).where(eq(sessions.userId, member.id));
    expect(row!.value).toBe(1);
  });

  it('raises each catalogue error of sign-in', async () => {
    const ip = freshIp();
    const caller = () => callerFor(services.deps, undefined, undefined, { ip });
    const active = await makeMember(services.deps.db, { now });
    expect(await failure(caller().auth.signIn({ email: 'nobody@hsinchu-optics.example', password: 'whatever' }))).toMatchObject({ trpcCode: 'NOT_FOUND', code: 'UserNotFound', params: { email: 'nobody@hsinchu-optics.example' } });
    expect(await failure(caller().auth.signIn({ email: active.email, password: 'wrong-password' }))).toMatchObject({ trpcCode: 'UNAUTHORIZED', code: 'IncorrectPassword' });
    const disabled = await makeMember(services.deps.db, { now, disabled: true });
    expect(await failure(caller().auth.signIn({ email: disabled.email, password: memberPassword }))).toMatchObject({ trpcCode: 'FORBIDDEN', code: 'Unauthorized', params: { reason: 'accountDisabled' } });
    const unverified = await makeMember(services.deps.db, { now, verified: false });
    expect(await failure(caller().auth.signIn({ email: unverified.email, password: memberPassword }))).toMatchObject({ code: 'AccountNotActivated', params: { missing: ['emailVerification'] } });
    const inactive = await makeMember(services.deps.db, { now, status: 0 });
    expect(await failure(caller().auth.signIn({ email: inactive.email, password: memberPassword }))).toMatchObject({ code: 'AccountNotActivated', params: { missing: ['staffActivation'] } });
    const newcomer = await makeMember(services.deps.db, { now, status: 0, verified: false });
    expect(await failure(caller().auth.signIn({ email: newcomer.email, password: memberPassword }))).toMatchObject({ code: 'AccountNotActivated', params: { missing: ['emailVerification', 'staffActivation'] } });
    expect(await failure(caller().auth.signIn({ email: 'not-an-email', password: '' }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { email: ['validation.email'], password: ['validation.required'] } });
  });

  it('asks a member who has not accepted the terms to read them, then signs in once accepted', async () => {
    const member = await makeMember(services.deps.db, { now, termsAccepted: false });
    const cookies = memoryCookieJar();
    const caller = callerFor(services.deps, undefined, undefined, { ip: freshIp(), cookies });
    expect(await failure(caller.auth.signIn({ email: member.email, password: member.password }))).toMatchObject({ trpcCode: 'PRECONDITION_FAILED', code: 'shouldReadTerms' });
    expect(cookies.get(MEMBER_COOKIE)).toBeUndefined();
    await expect(caller.auth.signIn({ email: member.email, password: member.password, acceptTerms: true })).resolves.toMatchObject({ status: 'signedIn' });
    const [stored] = await services.deps.db.select().from(users).where(eq(users.id, member.id));
    expect(stored!.termsAcceptedAt).toEqual(now);
    await expect(caller.auth.signIn({ email: member.email, password: member.password })).resolves.toMatchObject({ status: 'signedIn' });
  });

  it('locks an account for 10 minutes after 10 failed sign-ins in a row and mails the owner', async () => {
    const member = await makeMember(services.deps.db, { now, language: 'zh-CN' });
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(await failure(callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.signIn({ email: member.email, password: `wrong-${attempt}` }))).toMatchObject({ code: 'IncorrectPassword' });
    }
    expect(await failure(callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.signIn({ email: member.email, password: member.password }))).toMatchObject({ code: 'TooManyAttempts', params: { minutes: 10 } });
    const [lockMail] = await mailsTo(services.deps.db, member.email, 'account.locked');
    expect(lockMail!.subject).toContain('锁定');
    advance(10 * 60_000 + 1000);
    await expect(callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.signIn({ email: member.email, password: member.password })).resolves.toMatchObject({ status: 'signedIn' });
  });

  it('counts failures in a row only: a success starts again from zero', async () => {
    const member = await makeMember(services.deps.db, { now });
    for (let attempt = 0; attempt < 9; attempt++) await failure(callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.signIn({ email: member.email, password: 'wrong' }));
    await callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.signIn({ email: member.email, password: member.password });
    for (let attempt = 0; attempt < 9; attempt++) await failure(callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.signIn({ email: member.email, password: 'wrong' }));
    await expect(callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.signIn({ email: member.email, password: member.password })).resolves.toMatchObject({ status: 'signedIn' });
  });

  it('allows 10 sign-in requests a minute from one address', async () => {
    const member = await makeMember(services.deps.db, { now });
    const ip = freshIp();
    for (let attempt = 0; attempt < 10; attempt++) await callerFor(services.deps, undefined, undefined, { ip }).auth.signIn({ email: member.email, password: member.password });
    expect(await failure(callerFor(services.deps, undefined, undefined, { ip }).auth.signIn({ email: member.email, password: member.password }))).toMatchObject({ code: 'TooManyAttempts', params: { minutes: 1 } });
    await expect(callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.signIn({ email: member.email, password: member.password })).resolves.toMatchObject({ status: 'signedIn' });
  });
});

describe('sessions', () => {
  async function signedIn(member: { email: string; password: string }) {
    const cookies = memoryCookieJar();
    await callerFor(services.deps, undefined, undefined, { ip: freshIp(), cookies }).auth.signIn({ email: member.email, password: member.password });
    return cookies;
  }

  it('ends after 30 idle minutes and tells the next page once that the login expired', async () => {
    const member = await makeMember(services.deps.db, { now });
    const cookies = await signedIn(member);
    advance(29 * 60_000);
    expect(await actorFrom(services.deps, cookies)).toMatchObject({ kind: 'member', userId: member.id });
    advance(29 * 60_000);
    expect(await actorFrom(services.deps, cookies)).toMatchObject({ kind: 'member', userId: member.id });
    advance(30 * 60_000);
    expect(await actorFrom(services.deps, cookies)).toEqual({ kind: 'visitor' });
    expect(cookies.get(MEMBER_COOKIE)).toBeUndefined();
    const session = callerFor(services.deps, { kind: 'visitor' }, 'zh-TW', { cookies }).auth.session;
    expect(await session()).toEqual({ member: null, expired: true });
    expect(await session()).toEqual({ member: null, expired: false });
  });

  it('follows SESSION_IDLE_SECONDS', async () => {
    const member = await makeMember(services.deps.db, { now });
    const deps = { ...services.deps, config: { ...services.deps.config, SESSION_IDLE_SECONDS: 5 } };
    const cookies = memoryCookieJar();
    await callerFor(deps, undefined, undefined, { ip: freshIp(), cookies }).auth.signIn({ email: member.email, password: member.password });
    advance(4000);
    expect((await actorFrom(deps, cookies)).kind).toBe('member');
    advance(5000);
    expect((await actorFrom(deps, cookies)).kind).toBe('visitor');
  });

  it('signs a disabled member out at the next request, and at start', async () => {
    const member = await makeMember(services.deps.db, { now });
    const cookies = await signedIn(member);
    await services.deps.db.update(users).set({ disabled: true }).where(eq(users.id, member.id));
    expect(await actorFrom(services.deps, cookies)).toEqual({ kind: 'visitor' });
    expect(await services.deps.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0);

    const other = await makeMember(services.deps.db, { now });
    await signedIn(other);
    await services.deps.db.update(users).set({ disabled: true }).where(eq(users.id, other.id));
    expect(await signOutIneligibleMembers(services.deps)).toBeGreaterThanOrEqual(1);
    expect(await services.deps.db.select().from(sessions).where(eq(sessions.userId, other.id))).toHaveLength(0);
  });

  it('reports the signed-in member, and signs out', async () => {
    const member = await makeMember(services.deps.db, { now, language: 'ja' });
    const cookies = await signedIn(member);
    const actor = await actorFrom(services.deps, cookies);
    const caller = callerFor(services.deps, actor, 'zh-TW', { cookies });
    expect(await caller.auth.session()).toMatchObject({ expired: false, member: { id: member.id, name: member.name, language: 'ja', pendingSteps: [] } });
    await expect(caller.auth.signOut()).resolves.toEqual({ signedOut: true });
    expect(cookies.get(MEMBER_COOKIE)).toBeUndefined();
    expect(await services.deps.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0);
  });
});

describe('mail counts', () => {
  it('writes no customer mail for a refused sign-up', async () => {
    const [before] = await services.deps.db.select({ value: count() }).from(mailOutbox);
    await failure(callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.signUp(signup({ email: 'a@gmail.com' })));
    const [after] = await services.deps.db.select({ value: count() }).from(mailOutbox);
    expect(after!.value).toBe(before!.value);
  });
});

describe('housekeeping', () => {
  it('purges attempt counters and mailed links older than a day', async () => {
    const ip = freshIp();
    await failure(callerFor(services.deps, undefined, undefined, { ip }).auth.signIn({ email: 'nobody@hsinchu-optics.example', password: 'whatever' }));
    const key = `signInPerIp:${ip}`;
    expect(await services.deps.db.select().from(rateLimits).where(eq(rateLimits.key, key))).toHaveLength(1);
    advance(25 * 60 * 60_000);
    expect(await purgeStaleAuthRecords(services.deps)).toBeGreaterThan(0);
    expect(await services.deps.db.select().from(rateLimits).where(eq(rateLimits.key, key))).toHaveLength(0);
  });
});
