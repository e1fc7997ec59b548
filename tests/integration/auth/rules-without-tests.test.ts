import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { memoryCookieJar } from '../../../src/server/http/cookies';
import { matchTotp, newTotpSecret, totpCode } from '../../../src/server/modules/auth/totp';
import { actorFrom } from '../../../src/server/trpc/context';
import type { SignupForm } from '../../../src/shared/auth';
import { makeMember } from '../../factories/members';
import { failure } from '../../fixtures/errors';
import { mailsTo } from '../../fixtures/mails';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

/** Rules the code had that no test would have missed (issue 7, Tests). */
let services: TestServices;
let now = new Date('2026-11-22T08:00:00Z');
const advance = (ms: number) => (now = new Date(now.getTime() + ms));
beforeAll(async () => {
  services = await openTestServices({ clock: () => now });
});
afterAll(() => services?.close());

let ipSequence = 0;
const freshIp = () => `203.0.113.${200 + ++ipSequence}`;
const signup = (): SignupForm => ({
  companyName: '晟弘精密工業股份有限公司',
  taxId: 'Tw24536806',
  name: '林志明',
  phone: '04-2359-1234',
  email: `lin.zm.${Math.random().toString(36).slice(2, 8)}@chenghong-parts.example`,
  password: 'Stamping-line-7',
  confirmPassword: 'Stamping-line-7',
  acceptTerms: true,
});

/** Every verification link mailed to `email`, newest first. */
async function verificationTokens(email: string): Promise<string[]> {
  return (await mailsTo(services.deps.db, email, 'account.verify-email')).map((mail) => /\/verify-email\?lang=[\w-]+#token=([\w-]{43})/.exec(mail.body)![1]!);
}

describe('rules that had no test', () => {
  it('allows 10 verification re-sends a minute from one address, then says how long to wait', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 10; attempt++) {
      await expect(callerFor(services.deps, undefined, undefined, { ip }).auth.resendVerification({ email: `someone${attempt}@chenghong-parts.example` })).resolves.toEqual({ sent: true });
    }
    expect(await failure(callerFor(services.deps, undefined, undefined, { ip }).auth.resendVerification({ email: 'someone@chenghong-parts.example' }))).toMatchObject({ code: 'TooManyAttempts', params: { minutes: 1 } });
    await expect(callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.resendVerification({ email: 'someone@chenghong-parts.example' })).resolves.toEqual({ sent: true });
  });

  it('ends a session after 12 hours however active it is', async () => {
    const member = await makeMember(services.deps.db, { now });
    const cookies = memoryCookieJar();
    await callerFor(services.deps, undefined, undefined, { ip: freshIp(), cookies }).auth.signIn({ email: member.email, password: member.password });
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      advance(20 * 60_000);
      expect(await actorFrom(services.deps, cookies)).toMatchObject({ kind: 'member', userId: member.id });
    }
    advance(20 * 60_000);
    expect(await actorFrom(services.deps, cookies)).toEqual({ kind: 'visitor' });
  });

  it('verifies with the newer of two links, which ends the older one', async () => {
    const form = signup();
    const { email } = await callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.signUp(form);
    advance(61_000);
    await callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.resendVerification({ email });
    const [newer, older] = await verificationTokens(email);
    await expect(callerFor(services.deps).auth.verifyEmail({ token: newer! })).resolves.toMatchObject({ email });
    expect(await failure(callerFor(services.deps).auth.verifyEmail({ token: older! }))).toMatchObject({ code: 'ExpiredActionCode' });
  });

  it('sends no verification mail to a disabled account, and answers as for any address', async () => {
    const member = await makeMember(services.deps.db, { now, verified: false, disabled: true });
    await expect(callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.resendVerification({ email: member.email })).resolves.toEqual({ sent: true });
    expect(await mailsTo(services.deps.db, member.email)).toEqual([]);
    const [stored] = await services.deps.db.select().from(users).where(eq(users.id, member.id));
    expect(stored!.emailVerifiedAt).toBeNull();
  });

  it('accepts a TOTP code one step ahead of the clock, and none further', () => {
    const secret = newTotpSecret();
    const at = new Date('2026-11-22T08:00:10Z');
    const step = Math.floor(at.getTime() / 30_000);
    expect(matchTotp(secret, totpCode(secret, new Date(at.getTime() + 30_000)), at)).toBe(step + 1);
    expect(matchTotp(secret, totpCode(secret, new Date(at.getTime() + 60_000)), at)).toBeUndefined();
    expect(matchTotp(secret, totpCode(secret, new Date(at.getTime() - 30_000)), at)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, new Date(at.getTime() - 60_000)), at)).toBeUndefined();
  });
});
