import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions, users } from '../../../src/server/db/schema';
import type { Deps } from '../../../src/server/deps';
import { memoryCookieJar } from '../../../src/server/http/cookies';
import type { PlatformPasswordChange } from '../../../src/server/modules/accounts/platform-password';
import { totpCode } from '../../../src/server/modules/auth/totp';
import type { Actor } from '../../../src/server/trpc/context';
import { makeMember } from '../../factories/members';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { mailedToken, mailsTo } from '../../fixtures/mails';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
let now = new Date('2026-11-22T08:00:07Z');
const advance = (ms: number) => (now = new Date(now.getTime() + ms));
beforeAll(async () => {
  services = await openTestServices({ clock: () => now });
});
afterAll(() => services?.close());

let ipSequence = 0;
const freshIp = () => `203.0.113.${++ipSequence}`;
const asMember = (userId: string, deps: Deps = services.deps) => callerFor(deps, { kind: 'member', userId } satisfies Actor, 'zh-TW', { ip: freshIp() });
const signIn = (form: Parameters<ReturnType<typeof callerFor>['auth']['signIn']>[0], deps: Deps = services.deps) =>
  callerFor(deps, undefined, undefined, { ip: freshIp(), cookies: memoryCookieJar() }).auth.signIn(form);

async function setSecurity(values: { passwordStrength?: 'basic' | 'medium' | 'strong'; passwordMaxDaysLimit?: number; userTotpVerify?: boolean }) {
  const superStaff = await makeStaff(services.deps.db, { super: true });
  return callerFor(services.deps, { kind: 'staff', staffId: superStaff.id }).settings.updateSecurity(values);
}
beforeEach(() => setSecurity({ passwordStrength: 'basic', passwordMaxDaysLimit: 90, userTotpVerify: false }));

describe('changing the password', () => {
  it('re-verifies the current password, applies the strength rule, and takes the new one', async () => {
    const member = await makeMember(services.deps.db, { now });
    const caller = asMember(member.id);
    expect(await failure(caller.auth.changePassword({ currentPassword: 'not-it', password: 'New-lens-2027', confirmPassword: 'New-lens-2027' }))).toMatchObject({ code: 'IncorrectPassword' });
    await setSecurity({ passwordStrength: 'medium' });
    expect(await failure(caller.auth.changePassword({ currentPassword: member.password, password: 'onlyletters', confirmPassword: 'onlyletters' }))).toMatchObject({ code: 'WeakPassword', params: { strength: 'medium' } });
    expect(await failure(caller.auth.changePassword({ currentPassword: member.password, password: member.password, confirmPassword: member.password }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { password: ['validation.passwordUnchanged'] } });
    await expect(caller.auth.changePassword({ currentPassword: member.password, password: 'New-lens-2027', confirmPassword: 'New-lens-2027' })).resolves.toEqual({ changed: true });
    expect(await failure(signIn({ email: member.email, password: member.password }))).toMatchObject({ code: 'IncorrectPassword' });
    await expect(signIn({ email: member.email, password: 'New-lens-2027' })).resolves.toMatchObject({ status: 'signedIn' });
  });

  it('forces a change first when the password is older than the maximum age or was never changed', async () => {
    const old = await makeMember(services.deps.db, { passwordChangedAt: new Date(now.getTime() - 91 * 24 * 60 * 60_000) });
    await expect(signIn({ email: old.email, password: old.password })).resolves.toMatchObject({ status: 'signedIn', pendingSteps: ['changePassword'] });
    expect(await failure(asMember(old.id).accounts.profile())).toMatchObject({ trpcCode: 'FORBIDDEN', code: 'Unauthorized', params: { reason: 'passwordExpired' } });
    await asMember(old.id).auth.changePassword({ currentPassword: old.password, password: 'Fresh-start-1', confirmPassword: 'Fresh-start-1' });
    await expect(asMember(old.id).accounts.profile()).resolves.toMatchObject({ user: { email: old.email } });

    const never = await makeMember(services.deps.db, { passwordChangedAt: null });
    await expect(signIn({ email: never.email, password: never.password })).resolves.toMatchObject({ pendingSteps: ['changePassword'] });

    await setSecurity({ passwordMaxDaysLimit: 30 });
    const month = await makeMember(services.deps.db, { passwordChangedAt: new Date(now.getTime() - 31 * 24 * 60 * 60_000) });
    await expect(signIn({ email: month.email, password: month.password })).resolves.toMatchObject({ pendingSteps: ['changePassword'] });
  });

  it('updates the platform accounts through the changepwd hook, and keeps the old password when the platform fails', async () => {
    const calls: PlatformPasswordChange[] = [];
    const working: Deps = { ...services.deps, platformAccounts: { changePassword: async (change) => void calls.push(change) } };
    const failing: Deps = { ...services.deps, platformAccounts: { changePassword: async () => { throw new Error('platform 502'); } } };
    const member = await makeMember(services.deps.db, { now, platformUserId: 'hsinchu-optics-admin' });

    expect(await failure(asMember(member.id, failing).auth.changePassword({ currentPassword: member.password, password: 'Platform-sync-1', confirmPassword: 'Platform-sync-1' }))).toMatchObject({ trpcCode: 'INTERNAL_SERVER_ERROR', code: 'Unknown' });
    await expect(signIn({ email: member.email, password: member.password })).resolves.toMatchObject({ status: 'signedIn' });

    await asMember(member.id, working).auth.changePassword({ currentPassword: member.password, password: 'Platform-sync-1', confirmPassword: 'Platform-sync-1' });
    expect(calls).toEqual([{ platformUserIds: ['hsinchu-optics-admin'], domainKey: null, oldPassword: member.password, newPassword: 'Platform-sync-1' }]);
    await expect(signIn({ email: member.email, password: 'Platform-sync-1' })).resolves.toMatchObject({ status: 'signedIn' });
  });
});

describe('resetting the password by mail', () => {
  it('mails a one-hour, single-use link to a known, activated member; using it ends every session', async () => {
    const member = await makeMember(services.deps.db, { now, language: 'en' });
    const cookies = memoryCookieJar();
    await callerFor(services.deps, undefined, undefined, { ip: freshIp(), cookies }).auth.signIn({ email: member.email, password: member.password });
    await expect(callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.requestPasswordReset({ email: member.email.toUpperCase() })).resolves.toEqual({ sent: true });
    const [mail] = await mailsTo(services.deps.db, member.email, 'account.reset-password');
    expect(mail!.subject).toBe('[Inspectra] Reset your password');
    const token = await mailedToken(services.deps.db, member.email, '/reset-password');

    await expect(callerFor(services.deps).auth.resetPassword({ token, password: 'Reset-by-mail-9', confirmPassword: 'Reset-by-mail-9' })).resolves.toEqual({ email: member.email });
    expect(await services.deps.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0);
    expect(await failure(callerFor(services.deps).auth.resetPassword({ token, password: 'Again-and-again-1', confirmPassword: 'Again-and-again-1' }))).toMatchObject({ code: 'ExpiredActionCode' });
    await expect(signIn({ email: member.email, password: 'Reset-by-mail-9' })).resolves.toMatchObject({ status: 'signedIn' });

    advance(61_000);
    await callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.requestPasswordReset({ email: member.email });
    const late = await mailedToken(services.deps.db, member.email, '/reset-password');
    advance(60 * 60_000 + 1000);
    expect(await failure(callerFor(services.deps).auth.resetPassword({ token: late, password: 'Too-late-now-1', confirmPassword: 'Too-late-now-1' }))).toMatchObject({ code: 'ExpiredActionCode' });
  });

  it('refuses unknown, inactive and disabled accounts, weak passwords, and more than 5 mails an hour', async () => {
    const request = (email: string) => callerFor(services.deps, undefined, undefined, { ip: freshIp() }).auth.requestPasswordReset({ email });
    expect(await failure(request('ghost@hsinchu-optics.example'))).toMatchObject({ code: 'UserNotFound' });
    const inactive = await makeMember(services.deps.db, { now, status: 0 });
    expect(await failure(request(inactive.email))).toMatchObject({ code: 'AccountNotActivated', params: { missing: ['staffActivation'] } });
    const disabled = await makeMember(services.deps.db, { now, disabled: true });
    expect(await failure(request(disabled.email))).toMatchObject({ code: 'Unauthorized', params: { reason: 'accountDisabled' } });

    const member = await makeMember(services.deps.db, { now });
    for (let sent = 0; sent < 5; sent++) await request(member.email);
    expect(await failure(request(member.email))).toMatchObject({ code: 'TooManyAttempts' });
    expect(await mailsTo(services.deps.db, member.email, 'account.reset-password')).toHaveLength(5);

    await setSecurity({ passwordStrength: 'strong' });
    const token = await mailedToken(services.deps.db, member.email, '/reset-password');
    expect(await failure(callerFor(services.deps).auth.resetPassword({ token, password: 'weakpassword', confirmPassword: 'weakpassword' }))).toMatchObject({ code: 'WeakPassword' });
    // The refused attempt did not use up the link.
    await expect(callerFor(services.deps).auth.resetPassword({ token, password: 'Strong-Enough-1!', confirmPassword: 'Strong-Enough-1!' })).resolves.toEqual({ email: member.email });
  });

  it('allows 10 reset requests a minute from one address', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 10; attempt++) await failure(callerFor(services.deps, undefined, undefined, { ip }).auth.requestPasswordReset({ email: `ghost${attempt}@hsinchu-optics.example` }));
    expect(await failure(callerFor(services.deps, undefined, undefined, { ip }).auth.requestPasswordReset({ email: 'ghost@hsinchu-optics.example' }))).toMatchObject({ code: 'TooManyAttempts', params: { minutes: 1 } });
  });
});

describe('two-factor sign-in', () => {
  it('makes members enrol an authenticator, then asks for its code at sign-in; recovery codes work once', async () => {
    await setSecurity({ userTotpVerify: true });
    const member = await makeMember(services.deps.db, { now });
    await expect(signIn({ email: member.email, password: member.password })).resolves.toMatchObject({ status: 'signedIn', pendingSteps: ['enrolTotp'] });
    expect(await failure(asMember(member.id).accounts.profile())).toMatchObject({ code: 'Unauthorized', params: { reason: 'totpEnrolmentRequired' } });

    const enrolment = await asMember(member.id).auth.totp.begin();
    expect(enrolment.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(enrolment.otpauthUrl).toContain(`secret=${enrolment.secret}`);
    expect(await failure(asMember(member.id).auth.totp.confirm({ code: '000000' }))).toMatchObject({ code: 'IncorrectValue', params: { field: 'code' } });
    const { recoveryCodes } = await asMember(member.id).auth.totp.confirm({ code: totpCode(enrolment.secret, now) });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    await expect(asMember(member.id).accounts.profile()).resolves.toBeTruthy();
    expect(await asMember(member.id).auth.totp.status()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(await failure(asMember(member.id).auth.totp.begin())).toMatchObject({ code: 'OperationError', params: { reason: 'totpAlreadyEnabled' } });

    await expect(signIn({ email: member.email, password: member.password })).resolves.toEqual({ status: 'totpRequired' });
    expect(await failure(signIn({ email: member.email, password: member.password, totpCode: '123456' }))).toMatchObject({ code: 'IncorrectValue', params: { field: 'totpCode' } });
    // The code used for the enrolment does not sign in again: each code works once.
    expect(await failure(signIn({ email: member.email, password: member.password, totpCode: totpCode(enrolment.secret, now) }))).toMatchObject({ code: 'IncorrectValue' });
    advance(30_000);
    await expect(signIn({ email: member.email, password: member.password, totpCode: totpCode(enrolment.secret, now) })).resolves.toMatchObject({ status: 'signedIn', pendingSteps: [] });
    expect(await failure(signIn({ email: member.email, password: 'wrong', totpCode: totpCode(enrolment.secret, now) }))).toMatchObject({ code: 'IncorrectPassword' });

    await expect(signIn({ email: member.email, password: member.password, recoveryCode: recoveryCodes[0]!.toLowerCase() })).resolves.toMatchObject({ status: 'signedIn' });
    expect(await failure(signIn({ email: member.email, password: member.password, recoveryCode: recoveryCodes[0]! }))).toMatchObject({ code: 'IncorrectValue', params: { field: 'recoveryCode' } });
    expect(await asMember(member.id).auth.totp.status()).toEqual({ enabled: true, recoveryCodesLeft: 9 });
  });

  it('asks for no code while the setting is off', async () => {
    const member = await makeMember(services.deps.db, { now });
    await expect(signIn({ email: member.email, password: member.password })).resolves.toMatchObject({ status: 'signedIn', pendingSteps: [] });
    const [stored] = await services.deps.db.select().from(users).where(eq(users.id, member.id));
    expect(stored!.totpEnabledAt).toBeNull();
  });
});

describe('security feature settings', () => {
  it('are read and changed by super staff, and refuse bad values', async () => {
    const superStaff = await makeStaff(services.deps.db, { super: true });
    const caller = callerFor(services.deps, { kind: 'staff', staffId: superStaff.id });
    await expect(caller.settings.updateSecurity({ passwordStrength: 'strong', passwordMaxDaysLimit: 60 })).resolves.toEqual({ passwordStrength: 'strong', passwordMaxDaysLimit: 60, userTotpVerify: false });
    await expect(caller.settings.security()).resolves.toEqual({ passwordStrength: 'strong', passwordMaxDaysLimit: 60, userTotpVerify: false });
    await expect(callerFor(services.deps).auth.passwordPolicy()).resolves.toEqual({ passwordStrength: 'strong' });
    expect(await failure(caller.settings.updateSecurity({ passwordStrength: 'extreme' as 'strong' }))).toMatchObject({ code: 'InvalidInput' });
    expect(await failure(caller.settings.updateSecurity({ passwordMaxDaysLimit: 0 }))).toMatchObject({ code: 'InvalidInput' });
    await expect(caller.settings.security()).resolves.toMatchObject({ passwordStrength: 'strong', passwordMaxDaysLimit: 60 });
  });
});
