import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryCookieJar } from '../../../src/server/http/cookies';
import { totpCode } from '../../../src/server/modules/auth/totp';
import type { Actor } from '../../../src/server/trpc/context';
import { makeMember } from '../../factories/members';
import { makeStaff, staffCode } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { mailsTo } from '../../fixtures/mails';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

/**
 * Attempt limits under parallel requests (issue 7, items 6, 11 and 19), on whichever database the
 * suite runs on: the embedded one by default, the PostgreSQL server with TEST_DATABASE_URL.
 */
let services: TestServices;
let now = new Date('2026-11-22T08:00:07Z');
const advance = (ms: number) => (now = new Date(now.getTime() + ms));
beforeAll(async () => {
  services = await openTestServices({ clock: () => now });
});
afterAll(() => services?.close());

let ipSequence = 0;
const freshIp = () => `192.0.2.${++ipSequence}`;
const visitor = () => callerFor(services.deps, undefined, undefined, { ip: freshIp(), cookies: memoryCookieJar() });
const codesOf = (results: PromiseSettledResult<unknown>[]) =>
  results.map((result) => (result.status === 'fulfilled' ? 'ok' : ((result.reason as { cause?: { code?: string } }).cause?.code ?? 'other')));
const tally = (codes: string[]) => Object.fromEntries([...new Set(codes)].map((code) => [code, codes.filter((value) => value === code).length]));

async function enrolAuthenticator(userId: string) {
  const asMember = callerFor(services.deps, { kind: 'member', userId } satisfies Actor, 'zh-TW', { ip: freshIp() });
  const { secret } = await asMember.auth.totp.begin();
  const { recoveryCodes } = await asMember.auth.totp.confirm({ code: totpCode(secret, now) });
  advance(30_000);
  return { secret, recoveryCodes };
}

describe('the account lock under parallel guesses', { timeout: 120_000 }, () => {
  it('holds when 40 wrong passwords arrive at once from 40 addresses: 10 answered, the rest refused, one lock mail', async () => {
    const member = await makeMember(services.deps.db, { now });
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, index) => visitor().auth.signIn({ email: member.email, password: `guess-${index}` })));
    expect(tally(codesOf(results))).toEqual({ IncorrectPassword: 10, TooManyAttempts: 30 });
    expect(await mailsTo(services.deps.db, member.email, 'account.locked')).toHaveLength(1);
    expect(await failure(visitor().auth.signIn({ email: member.email, password: member.password }))).toMatchObject({ code: 'TooManyAttempts', params: { minutes: 10 } });
    advance(10 * 60_000 + 1000);
    await expect(visitor().auth.signIn({ email: member.email, password: member.password })).resolves.toMatchObject({ status: 'signedIn' });
  });

  it('holds for staff too: 60 parallel guesses from 60 addresses get 10 answers, then even the right password waits', async () => {
    const member = await makeStaff(services.deps.db, { permissions: ['customer_service'] });
    const results = await Promise.allSettled(Array.from({ length: 60 }, (_, index) => visitor().staff.signIn({ email: member.email, password: `guess-${index}` })));
    expect(tally(codesOf(results))).toEqual({ IncorrectCredentials: 10, TooManyAttempts: 50 });
    expect(await failure(visitor().staff.signIn({ email: member.email, password: 'correct horse battery' }))).toMatchObject({ code: 'TooManyAttempts' });
    advance(10 * 60_000 + 1000);
    await expect(visitor().staff.signIn({ email: member.email, password: 'correct horse battery', totpCode: staffCode(member, now) })).resolves.toMatchObject({ status: 'signedIn', staff: { email: member.email } });
  });

  it('queues at most 5 reset mails an hour when 40 requests for one member arrive at once', async () => {
    const member = await makeMember(services.deps.db, { now });
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => visitor().auth.requestPasswordReset({ email: member.email })));
    expect(tally(codesOf(results))).toEqual({ ok: 5, TooManyAttempts: 35 });
    expect(await mailsTo(services.deps.db, member.email, 'account.reset-password')).toHaveLength(5);
  });

  it('sends one verification mail when 20 re-send requests for one address arrive at once', async () => {
    const member = await makeMember(services.deps.db, { now, verified: false });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => visitor().auth.resendVerification({ email: member.email })));
    expect(tally(codesOf(results))).toEqual({ ok: 1, VerificationMailTooSoon: 19 });
    expect(await mailsTo(services.deps.db, member.email, 'account.verify-email')).toHaveLength(1);
  });
});

describe('the second factor', { timeout: 120_000 }, () => {
  it('asks an enrolled member for the code even when the TOTP setting is off', async () => {
    const member = await makeMember(services.deps.db, { now });
    const { secret } = await enrolAuthenticator(member.id);
    await expect(visitor().auth.signIn({ email: member.email, password: member.password })).resolves.toEqual({ status: 'totpRequired' });
    await expect(visitor().auth.signIn({ email: member.email, password: member.password, totpCode: totpCode(secret, now) })).resolves.toMatchObject({ status: 'signedIn' });
  });

  it('counts wrong authenticator codes toward the lock, so a stolen password does not allow unlimited guesses', async () => {
    const member = await makeMember(services.deps.db, { now });
    const { secret } = await enrolAuthenticator(member.id);
    const guesses = await Promise.allSettled(
      Array.from({ length: 30 }, (_, index) => visitor().auth.signIn({ email: member.email, password: member.password, totpCode: String(100000 + index * 7919).slice(0, 6) })),
    );
    expect(tally(codesOf(guesses))).toEqual({ IncorrectValue: 10, TooManyAttempts: 20 });
    expect(await failure(visitor().auth.signIn({ email: member.email, password: member.password, totpCode: totpCode(secret, now) }))).toMatchObject({ code: 'TooManyAttempts' });
    expect(await mailsTo(services.deps.db, member.email, 'account.locked')).toHaveLength(1);
  });

  it('gives recovery codes of 120 bits, and counts wrong ones toward the lock as well', async () => {
    const member = await makeMember(services.deps.db, { now });
    const { recoveryCodes } = await enrolAuthenticator(member.id);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{6}(-[A-Z2-7]{6}){3}$/);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(await failure(visitor().auth.signIn({ email: member.email, password: member.password, recoveryCode: `AAAAAA-BBBBBB-CCCCCC-DDDDD${String.fromCharCode(65 + attempt)}` }))).toMatchObject({ code: 'IncorrectValue', params: { field: 'recoveryCode' } });
    }
    expect(await failure(visitor().auth.signIn({ email: member.email, password: member.password, recoveryCode: recoveryCodes[0]! }))).toMatchObject({ code: 'TooManyAttempts' });
  });

  it('does not count asking for the code: a member who signs in in two steps ten times is never locked', async () => {
    const member = await makeMember(services.deps.db, { now });
    const { secret } = await enrolAuthenticator(member.id);
    for (let round = 0; round < 12; round++) {
      await expect(visitor().auth.signIn({ email: member.email, password: member.password })).resolves.toEqual({ status: 'totpRequired' });
    }
    await expect(visitor().auth.signIn({ email: member.email, password: member.password, totpCode: totpCode(secret, now) })).resolves.toMatchObject({ status: 'signedIn' });
  });
});
