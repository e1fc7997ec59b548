import { eq } from 'drizzle-orm';
import superjson from 'superjson';
import { createLogger } from '../../../src/server/logger';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, users } from '../../../src/server/db/schema';
import type { Actor } from '../../../src/server/trpc/context';
import { contactFormDefaults } from '../../../src/shared/messages';
import { makeMember } from '../../factories/members';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { mailedToken, mailsTo } from '../../fixtures/mails';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';
import { serveApiOnLoopback, type LoopbackApi } from '../../fixtures/http';

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

const asMember = (userId: string) => callerFor(services.deps, { kind: 'member', userId } satisfies Actor);
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);
const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');

const profileForm = {
  name: '林志明',
  companyName: '晟弘精密工業股份有限公司',
  taxId: 'Tw24536806',
  contactPersonName: '王小美',
  contactPersonTel: '04-2359-1234 #12',
  contactPersonEmail: 'purchasing@chenghong-parts.example',
  companyAddress: '台中市西屯區工業區一路 1 號',
};

describe('the member profile', () => {
  it('saves the name and company data, and says what is missing until the profile is complete', async () => {
    const member = await makeMember(services.deps.db);
    const before = await asMember(member.id).accounts.profile();
    expect(before.complete).toBe(false);
    expect(before.missing).toContain('businessCardUploaded');

    const saved = await asMember(member.id).accounts.updateProfile(profileForm);
    expect(saved.group).toMatchObject({ companyName: profileForm.companyName, taxId: 'Tw24536806', contactPersonTel: '04-2359-1234 #12', companyAddress: profileForm.companyAddress });
    expect(saved.user.name).toBe('林志明');
    expect(saved.missing).toEqual(['businessCardUploaded']);

    await (await import('../../../src/server/modules/accounts/accounts.service')).uploadBusinessCard(services.deps, member.id, png, { overwrite: false });
    const complete = await asMember(member.id).accounts.profile();
    expect(complete).toMatchObject({ complete: true, missing: [], businessCardUploaded: true });
  });

  it.each([
    ['a free-mail contact e-mail', { contactPersonEmail: 'purchasing@yahoo.com.tw' }, { contactPersonEmail: ['validation.companyEmail'] }],
    ['letters for a phone', { contactPersonTel: 'ask reception' }, { contactPersonTel: ['validation.phone'] }],
    ['an empty company name', { companyName: '' }, { companyName: ['validation.required'] }],
    ['an identifier with spaces', { taxId: 'TW 2453' }, { taxId: ['validation.alphanumeric'] }],
  ])('refuses %s and keeps the stored data', async (_case, change, fieldErrors) => {
    const member = await makeMember(services.deps.db);
    const [groupBefore] = await services.deps.db.select().from(groups).where(eq(groups.id, member.groupId));
    expect(await failure(asMember(member.id).accounts.updateProfile({ ...profileForm, ...change }))).toMatchObject({ trpcCode: 'BAD_REQUEST', code: 'InvalidInput', fieldErrors });
    const [groupAfter] = await services.deps.db.select().from(groups).where(eq(groups.id, member.groupId));
    expect(groupAfter).toEqual(groupBefore);
  });

  it('lets only the group administrator change company data', async () => {
    const member = await makeMember(services.deps.db, { isGroupAdmin: false });
    expect(await failure(asMember(member.id).accounts.updateProfile(profileForm))).toMatchObject({ code: 'Unauthorized', params: { reason: 'notGroupAdmin' } });
  });

  it('stores the language preference', async () => {
    const member = await makeMember(services.deps.db);
    await expect(asMember(member.id).accounts.setLanguage({ language: 'ja' })).resolves.toEqual({ language: 'ja' });
    const [stored] = await services.deps.db.select().from(users).where(eq(users.id, member.id));
    expect(stored!.language).toBe('ja');
    expect(await failure(asMember(member.id).accounts.setLanguage({ language: 'fr' as 'ja' }))).toMatchObject({ code: 'InvalidInput' });
  });

  it('sets the agent reference once, only after the confirmation', async () => {
    const member = await makeMember(services.deps.db);
    expect(await failure(asMember(member.id).accounts.setAgentReference({ refAgentId: 'AG2026', confirmUnchangeable: false as unknown as true }))).toMatchObject({
      code: 'InvalidInput',
      fieldErrors: { confirmUnchangeable: ['validation.confirmAgentReference'] },
    });
    await expect(asMember(member.id).accounts.setAgentReference({ refAgentId: 'AG2026', confirmUnchangeable: true })).resolves.toEqual({ refAgentId: 'AG2026' });
    expect(await failure(asMember(member.id).accounts.setAgentReference({ refAgentId: 'OTHER1', confirmUnchangeable: true }))).toMatchObject({ code: 'OperationError', params: { reason: 'agentReferenceAlreadySet' } });
    expect((await asMember(member.id).accounts.profile()).group.refAgentId).toBe('AG2026');
  });
});

describe('staff activation', () => {
  it('activates the user and mails them in their language', async () => {
    const activator = await makeStaff(services.deps.db, { permissions: ['activate_account'] });
    const member = await makeMember(services.deps.db, { status: 0, language: 'ja' });
    const caller = callerFor(services.deps, { kind: 'staff', staffId: activator.id });
    expect((await caller.accounts.admin.awaitingActivation()).map((row) => row.email)).toContain(member.email);
    await expect(caller.accounts.admin.activate({ userId: member.id })).resolves.toEqual({ email: member.email, alreadyActive: false });
    const [stored] = await services.deps.db.select().from(users).where(eq(users.id, member.id));
    expect(stored!.status).toBe(1);
    const [mail] = await mailsTo(services.deps.db, member.email, 'account.activated');
    expect(mail!.subject).toBe('[Inspectra] アカウントが有効になりました');
    expect(mail!.body).toContain('https://portal.inspectra.example/login');
    await expect(caller.accounts.admin.activate({ userId: member.id })).resolves.toEqual({ email: member.email, alreadyActive: true });
    expect(await mailsTo(services.deps.db, member.email, 'account.activated')).toHaveLength(1);
    expect(await failure(caller.accounts.admin.activate({ userId: '00000000-0000-4000-8000-000000000009' }))).toMatchObject({ code: 'UserNotFound' });
    expect(await failure(caller.accounts.admin.activate({ userId: 'not-a-uuid' }))).toMatchObject({ code: 'InvalidInput' });
  });
});

describe('who may call what', () => {
  type Who = 'visitor' | 'unverified' | 'disabled' | 'member' | 'staffWithout' | 'staffWith' | 'superStaff';
  async function actorOf(who: Who): Promise<Actor> {
    const db = services.deps.db;
    if (who === 'visitor') return { kind: 'visitor' };
    if (who === 'unverified') return { kind: 'member', userId: (await makeMember(db, { verified: false })).id };
    if (who === 'disabled') return { kind: 'member', userId: (await makeMember(db, { disabled: true })).id };
    if (who === 'member') return { kind: 'member', userId: (await makeMember(db)).id };
    if (who === 'staffWithout') return { kind: 'staff', staffId: (await makeStaff(db, { permissions: ['confirm_order'] })).id };
    if (who === 'staffWith') return { kind: 'staff', staffId: (await makeStaff(db, { permissions: ['activate_account'] })).id };
    return { kind: 'staff', staffId: (await makeStaff(db, { super: true })).id };
  }

  type Call = (caller: ReturnType<typeof callerFor>) => Promise<unknown>;
  const memberCalls: Record<string, Call> = {
    'accounts.profile': (c) => c.accounts.profile(),
    'accounts.updateProfile': (c) => c.accounts.updateProfile(profileForm),
    'accounts.setLanguage': (c) => c.accounts.setLanguage({ language: 'en' }),
    'accounts.setAgentReference': (c) => c.accounts.setAgentReference({ refAgentId: 'AG1', confirmUnchangeable: true }),
    'auth.changePassword': (c) => c.auth.changePassword({ currentPassword: 'Lens-inspection-42', password: 'Another-lens-43', confirmPassword: 'Another-lens-43' }),
    'auth.totp.status': (c) => c.auth.totp.status(),
    'auth.totp.begin': (c) => c.auth.totp.begin(),
    'auth.totp.confirm': (c) => c.auth.totp.confirm({ code: '123456' }),
  };
  const refusedForMembers: Record<Exclude<Who, 'member'>, [string, string]> = {
    visitor: ['UNAUTHORIZED', 'MissingAuthentication'],
    unverified: ['PRECONDITION_FAILED', 'AccountNotActivated'],
    disabled: ['FORBIDDEN', 'Unauthorized'],
    staffWithout: ['UNAUTHORIZED', 'MissingAuthentication'],
    staffWith: ['UNAUTHORIZED', 'MissingAuthentication'],
    superStaff: ['UNAUTHORIZED', 'MissingAuthentication'],
  };

  for (const [name, call] of Object.entries(memberCalls)) {
    it.each(Object.entries(refusedForMembers))(`${name}: refused for %s`, async (who, [trpcCode, code]) => {
      expect(await failure(call(callerFor(services.deps, await actorOf(who as Who))))).toMatchObject({ trpcCode, code });
    });
    it(`${name}: allowed for a signed-in member`, async () => {
      const result = call(callerFor(services.deps, await actorOf('member')));
      // totp.confirm without a pending enrolment is refused by its own rule, not by the permission check.
      if (name === 'auth.totp.confirm') expect(await failure(result)).toMatchObject({ code: 'ExpiredActionCode' });
      else await expect(result).resolves.toBeTruthy();
    });
  }

  const activationCalls: Record<string, Call> = {
    'accounts.admin.awaitingActivation': (c) => c.accounts.admin.awaitingActivation(),
    'accounts.admin.activate': async (c) => c.accounts.admin.activate({ userId: (await makeMember(services.deps.db, { status: 0 })).id }),
  };
  for (const [name, call] of Object.entries(activationCalls)) {
    it.each([
      ['visitor', 'MissingAuthentication'],
      ['unverified', 'MissingAuthentication'],
      ['disabled', 'MissingAuthentication'],
      ['member', 'MissingAuthentication'],
      ['staffWithout', 'Unauthorized'],
    ] as const)(`${name}: refused for %s`, async (who, code) => {
      expect(await failure(call(callerFor(services.deps, await actorOf(who))))).toMatchObject({ code });
    });
    it.each(['staffWith', 'superStaff'] as const)(`${name}: allowed for %s`, async (who) => {
      await expect(call(callerFor(services.deps, await actorOf(who)))).resolves.toBeTruthy();
    });
  }

  const settingsCalls: Record<string, Call> = {
    'settings.security': (c) => c.settings.security(),
    'settings.updateSecurity': (c) => c.settings.updateSecurity({ passwordMaxDaysLimit: 90 }),
  };
  for (const [name, call] of Object.entries(settingsCalls)) {
    it.each([
      ['visitor', 'MissingAuthentication'],
      ['unverified', 'MissingAuthentication'],
      ['disabled', 'MissingAuthentication'],
      ['member', 'MissingAuthentication'],
      ['staffWithout', 'Unauthorized'],
      ['staffWith', 'Unauthorized'],
    ] as const)(`${name}: refused for %s`, async (who, code) => {
      expect(await failure(call(callerFor(services.deps, await actorOf(who))))).toMatchObject({ code });
    });
    it(`${name}: allowed for super staff`, async () => {
      await expect(call(callerFor(services.deps, await actorOf('superStaff')))).resolves.toBeTruthy();
    });
  }

  it('the public procedures answer a visitor', async () => {
    const caller = callerFor(services.deps);
    await expect(caller.auth.session()).resolves.toEqual({ member: null, expired: false });
    await expect(caller.auth.passwordPolicy()).resolves.toHaveProperty('passwordStrength');
    await expect(caller.auth.signOut()).resolves.toEqual({ signedOut: true });
  });
});

describe('over HTTP', () => {
  async function signInOverHttp(email: string, password: string, headers: Record<string, string> = {}) {
    return fetch(`${base}/trpc/auth.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(superjson.serialize({ email, password })),
    });
  }

  it('sets an httpOnly, SameSite=Strict session cookie, and refuses a sign-in from another site', async () => {
    const member = await makeMember(services.deps.db);
    const response = await signInOverHttp(member.email, member.password);
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^portal_member=[\w-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const crossSite = await signInOverHttp(member.email, member.password, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('set-cookie')).toBeNull();
  });

  it('uploads the business card as bytes, checks its type and size, and refuses to overwrite unless asked', async () => {
    const member = await makeMember(services.deps.db);
    const signedIn = await signInOverHttp(member.email, member.password);
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    const put = (body: Buffer, query = '', headers: Record<string, string> = {}) =>
      fetch(`${base}/member-files/business-card${query}`, { method: 'PUT', headers: { cookie, 'content-type': 'application/octet-stream', ...headers }, body: new Uint8Array(body) });

    expect(await (await put(png)).json()).toEqual({ contentType: 'image/png', size: png.length });
    const again = await put(pdf);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ code: 'FileExist', params: {} });
    expect((await put(pdf, '?overwrite=1')).status).toBe(200);
    const stored = await fetch(`${base}/member-files/business-card`, { headers: { cookie } });
    expect(stored.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await stored.arrayBuffer())).toEqual(pdf);

    const text = await put(Buffer.from('<html>not a card</html>'), '?overwrite=1', { 'content-type': 'image/png' });
    expect(text.status).toBe(400);
    expect((await text.json()).code).toBe('InvalidParameterType');
    const huge = await put(Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]), '?overwrite=1');
    expect(huge.status).toBe(413);
    expect((await huge.json()).code).toBe('OutOfRange');
    expect((await put(png, '?overwrite=1', { origin: 'https://evil.example' })).status).toBe(403);
    const signedOut = await fetch(`${base}/member-files/business-card`, { method: 'PUT', body: new Uint8Array(png) });
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ code: 'MissingAuthentication', params: {} });
  });

  it('writes no password, token or code to the log', async () => {
    const lines: string[] = [];
    const log = createLogger('trace', 'test', new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
    const deps = { ...services.deps, log };
    const logged = await serveApiOnLoopback(deps);
    const send = (path: string, input: unknown, cookie = '') =>
      fetch(`${logged.base}/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(superjson.serialize(input)) });
    try {
      const email = `log.check.${Date.now()}@chenghong-parts.example`;
      const password = 'Never-in-logs-77';
      expect((await send('auth.signUp', { companyName: 'Log Check Ltd', taxId: 'LC1', name: 'Log Check', phone: '04-2359-1234', email, password, confirmPassword: password, acceptTerms: true })).status).toBe(200);
      const token = await mailedToken(services.deps.db, email, '/verify-email');
      expect((await send('auth.verifyEmail', { token })).status).toBe(200);
      await services.deps.db.update(users).set({ status: 1 }).where(eq(users.email, email));
      const signedIn = await send('auth.signIn', { email, password });
      const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
      await send('auth.changePassword', { currentPassword: password, password: 'Still-not-logged-8', confirmPassword: 'Still-not-logged-8' }, cookie);
      await fetch(`${logged.base}/trpc/auth.session`, { headers: { cookie } });
      const text = lines.join('\n');
      expect(text).toContain('member signed in');
      for (const secret of [password, 'Still-not-logged-8', token, cookie.split('=')[1]!]) {
        const leak = lines.find((line) => line.includes(secret));
        expect(leak, `a log line holds a secret: ${leak}`).toBeUndefined();
      }
    } finally {
      logged.close();
    }
  });

  it('limits the contact form to 10 messages a minute from one address', async () => {
    const message = { ...contactFormDefaults, firstName: 'Kenji', lastName: 'Mori', email: 'kenji@mori-seiki.example', phone: '+81 52 555 0100', description: 'Counting parts.', companyIndustry: 'machinery' as const, adoptionTime: 'within3Months' as const };
    for (let sent = 0; sent < 10; sent++) await callerFor(services.deps, undefined, undefined, { ip: '192.0.2.77' }).messages.submit(message);
    expect(await failure(callerFor(services.deps, undefined, undefined, { ip: '192.0.2.77' }).messages.submit(message))).toMatchObject({ code: 'TooManyAttempts' });
  });
});
