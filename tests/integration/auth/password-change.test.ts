import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../../src/server/deps';
import { memoryCookieJar } from '../../../src/server/http/cookies';
import type { PlatformPasswordChange } from '../../../src/server/modules/accounts/platform-password';
import { actorFrom } from '../../../src/server/trpc/context';
import { makeMember } from '../../factories/members';
import { failure } from '../../fixtures/errors';
import { mailedToken, mailsTo } from '../../fixtures/mails';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

/**
 * A password change (issue 7, item 8): other sessions end; wrong current passwords count toward the
 * lock. A reset (item 20): the link is checked and claimed before the platform hears of it.
 */
let services: TestServices;
let now = new Date('2026-11-22T08:00:00Z');
beforeAll(async () => {
  services = await openTestServices({ clock: () => now });
});
afterAll(() => services?.close());

let ipSequence = 0;
const freshIp = () => `198.51.100.${100 + ++ipSequence}`;

async function signedInDevice(member: { email: string; password: string }) {
  const cookies = memoryCookieJar();
  await callerFor(services.deps, undefined, undefined, { ip: freshIp(), cookies }).auth.signIn({ email: member.email, password: member.password });
  const actor = await actorFrom(services.deps, cookies);
  return { cookies, caller: callerFor(services.deps, actor, 'zh-TW', { ip: freshIp(), cookies }) };
}

describe('changing the password', () => {
  it('ends every other session of the member and keeps the one it was made from', async () => {
    const member = await makeMember(services.deps.db, { now });
    const laptop = await signedInDevice(member);
    const phone = await signedInDevice(member);
    await expect(laptop.caller.auth.changePassword({ currentPassword: member.password, password: 'New-lens-2027', confirmPassword: 'New-lens-2027' })).resolves.toEqual({ changed: true });
    expect(await actorFrom(services.deps, laptop.cookies)).toMatchObject({ kind: 'member', userId: member.id });
    expect(await actorFrom(services.deps, phone.cookies)).toEqual({ kind: 'visitor' });
  });

  it('counts wrong current passwords toward the account lock', async () => {
    const member = await makeMember(services.deps.db, { now });
    const { caller } = await signedInDevice(member);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(await failure(caller.auth.changePassword({ currentPassword: `guess-${attempt}`, password: 'New-lens-2027', confirmPassword: 'New-lens-2027' }))).toMatchObject({ code: 'IncorrectPassword' });
    }
    expect(await failure(caller.auth.changePassword({ currentPassword: member.password, password: 'New-lens-2027', confirmPassword: 'New-lens-2027' }))).toMatchObject({ code: 'TooManyAttempts' });
    expect(await failure(callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.signIn({ email: member.email, password: member.password }))).toMatchObject({ code: 'TooManyAttempts' });
    expect(await mailsTo(services.deps.db, member.email, 'account.locked')).toHaveLength(1);
  });
});

describe('a password reset by mailed link', () => {
  async function resetLink(member: { email: string }) {
    await callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.requestPasswordReset({ email: member.email });
    return mailedToken(services.deps.db, member.email, '/reset-password');
  }

  it('never tells the platform of a change made with an expired link', async () => {
    const calls: PlatformPasswordChange[] = [];
    const deps: Deps = { ...services.deps, platformAccounts: { changePassword: async (change) => void calls.push(change) } };
    const member = await makeMember(services.deps.db, { now, platformUserId: `expired-link-${freshIp()}` });
    const token = await resetLink(member);
    now = new Date(now.getTime() + 61 * 60_000);
    expect(await failure(callerFor(deps).auth.resetPassword({ token, password: 'Reset-lens-2027', confirmPassword: 'Reset-lens-2027' }))).toMatchObject({ code: 'ExpiredActionCode' });
    expect(calls).toEqual([]);
  });

  it('tells the platform once when the same link is used twice at the same moment', async () => {
    const calls: PlatformPasswordChange[] = [];
    const deps: Deps = { ...services.deps, platformAccounts: { changePassword: async (change) => void calls.push(change) } };
    const member = await makeMember(services.deps.db, { now, platformUserId: `twice-${freshIp()}` });
    const token = await resetLink(member);
    const results = await Promise.allSettled([1, 2, 3].map(() => callerFor(deps).auth.resetPassword({ token, password: 'Reset-lens-2027', confirmPassword: 'Reset-lens-2027' })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(calls).toHaveLength(1);
  });

  it('gives the link back when the platform refuses, so the member can try again', async () => {
    const failing: Deps = { ...services.deps, platformAccounts: { changePassword: async () => { throw new Error('platform 502'); } } };
    const member = await makeMember(services.deps.db, { now, platformUserId: `refused-${freshIp()}` });
    const token = await resetLink(member);
    expect(await failure(callerFor(failing).auth.resetPassword({ token, password: 'Reset-lens-2027', confirmPassword: 'Reset-lens-2027' }))).toMatchObject({ code: 'Unknown' });
    // The member has no account on the platform emulator, so the second try gets a platform that accepts the change.
    const accepting: Deps = { ...services.deps, platformAccounts: { changePassword: async () => undefined } };
    await expect(callerFor(accepting).auth.resetPassword({ token, password: 'Reset-lens-2027', confirmPassword: 'Reset-lens-2027' })).resolves.toEqual({ email: member.email });
  });
});
