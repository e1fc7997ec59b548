import { count, eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerMessages, rateLimits } from '../../../src/server/db/schema';
import type { Deps } from '../../../src/server/deps';
import { createHttpApp, type HttpState } from '../../../src/server/http/app';
import { contactFormDefaults } from '../../../src/shared/messages';
import { makeStaff, staffCode } from '../../factories/staff';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) server.close();
  await services?.close();
});

async function listen(deps: Deps, state: HttpState = { ready: true }, trustProxy?: string): Promise<string> {
  const server = createHttpApp(deps, state, { development: false, trustProxy }).listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let base: string;
let now = new Date('2026-11-22T08:00:00Z');
beforeAll(async () => {
  services = await openTestServices({ clock: () => now });
  base = await listen(services.deps);
});

const message = { ...contactFormDefaults, firstName: 'Kenji', lastName: 'Mori', email: 'kenji@mori-seiki.example', phone: '+81 52 555 0100', description: 'Counting parts on a tray.' };

function post(path: string, input: unknown, headers: Record<string, string> = {}, url = base) {
  return fetch(`${url}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(superjson.serialize(input)),
  });
}

function get(path: string, input: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`, { headers });
}

describe('health and headers', () => {
  it('answers /healthz after checking the database, and /readyz only when ready', async () => {
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok', database: 'ok' });
    const state = { ready: false };
    const other = await listen(services.deps, state);
    expect((await fetch(`${other}/readyz`)).status).toBe(503);
    state.ready = true;
    expect((await fetch(`${other}/readyz`)).status).toBe(200);
  });

  it('sends a strict Content-Security-Policy and echoes a request id', async () => {
    const response = await fetch(`${base}/healthz`, { headers: { 'x-request-id': 'req-abc-123' } });
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('content-security-policy')).not.toContain('unsafe-eval');
    expect(response.headers.get('x-request-id')).toBe('req-abc-123');
    expect(response.headers.get('x-powered-by')).toBeNull();
    const generated = await fetch(`${base}/healthz`, { headers: { 'x-request-id': 'no spaces <allowed>' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
  it('gives an API answer the headers of a response that is never a page: nothing allowed, no framing, no sniffing, no cache', async () => {
    const response = await fetch(`${base}/trpc/system.ping`, { headers: { 'x-request-id': 'req-api-1' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-request-id')).toBe('req-api-1');
    // A refused call carries them too.
    const refused = await fetch(`${base}/trpc/system.ping`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe('errors over HTTP', () => {
  it('answers a body that is not JSON with 400 and InvalidInput, never 500', async () => {
    const response = await fetch(`${base}/trpc/messages.submit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"json": {' });
    expect(response.status).toBe(400);
    expect((await response.json()).error.json.data.app.code).toBe('InvalidInput');
  });

  it('sends field errors for bad input', async () => {
    const response = await post('messages.submit', { ...message, email: 'not-an-email' });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.json.data.app).toEqual({ code: 'InvalidInput', params: {}, fieldErrors: { email: ['validation.email'] } });
  });

  it('sends a refusal of the service (a password the security setting finds weak) with its code and parameters', async () => {
    const superStaff = await makeStaff(services.deps.db, { super: true });
    await callerFor(services.deps, { kind: 'staff', staffId: superStaff.id }).settings.updateSecurity({ passwordStrength: 'strong' });
    const form = { companyName: '聯光精密股份有限公司', taxId: 'Tw53106273', name: '陳雅婷', phone: '03-578-1234', email: 'ya-ting.chen@lianguang-optics.example', password: 'lensinspection', confirmPassword: 'lensinspection', acceptTerms: true };
    const response = await post('auth.signUp', form, { 'x-forwarded-for': '198.51.100.7' });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.json.data.code).toBe('BAD_REQUEST');
    expect(body.error.json.data.app).toEqual({ code: 'WeakPassword', params: { strength: 'strong' } });
    await callerFor(services.deps, { kind: 'staff', staffId: superStaff.id }).settings.updateSecurity({ passwordStrength: 'basic' });
  });

  it('turns an unexpected failure into "Unknown" with no stack, and logs it with the request id', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'error' }, new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
    const broken = { ...services.deps, log, clock: () => { throw new Error('clock exploded: secret internals'); } };
    const brokenBase = await listen(broken);
    const [before] = await services.deps.db.select({ value: count() }).from(customerMessages);
    const response = await fetch(`${brokenBase}/trpc/messages.submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-broken-1' },
      body: JSON.stringify(superjson.serialize(message)),
    });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text).error.json).toMatchObject({ message: 'Unknown', data: { app: { code: 'Unknown' } } });
    expect(text).not.toContain('secret internals');
    expect(text).not.toContain('stack');
    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'unexpected error');
    expect(logged).toMatchObject({ requestId: 'req-broken-1', err: { message: 'clock exploded: secret internals' } });
    const [after] = await services.deps.db.select({ value: count() }).from(customerMessages);
    expect(after!.value).toBe(before!.value);
  });
});

describe('staff sessions', () => {
  it('signs staff in with a strict httpOnly cookie that opens the message list, and signs out', async () => {
    const member = await makeStaff(services.deps.db, { permissions: ['customer_service'] });
    expect((await get('messages.list', {})).status).toBe(401);

    const wrong = await post('staff.signIn', { email: member.email, password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.json.data.app.code).toBe('IncorrectCredentials');
    const unknown = await post('staff.signIn', { email: 'nobody@inspectra.example', password: 'x' });
    expect((await unknown.json()).error.json.data.app.code).toBe('IncorrectCredentials');

    const signIn = await post('staff.signIn', { email: member.email.toUpperCase(), password: 'correct horse battery', totpCode: staffCode(member, now) });
    expect(signIn.status).toBe(200);
    const setCookie = signIn.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^portal_staff=[\w-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toMatch(/; Max-Age=43200; Path=\/; Expires=[^;]+ GMT; HttpOnly; Secure; SameSite=Strict$/);
    const cookie = setCookie.split(';')[0]!;

    const list = await get('messages.list', {}, { cookie });
    expect(list.status).toBe(200);
    const me = await get('staff.me', undefined, { cookie });
    expect((await me.json()).result.data.json).toMatchObject({ email: member.email, permissions: ['customer_service'] });

    const signOut = await post('staff.signOut', undefined, { cookie });
    expect(signOut.headers.get('set-cookie')).toMatch(/^portal_staff=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Strict$/);
    expect((await get('messages.list', {}, { cookie })).status).toBe(401);
  });

  it('ends a session after 30 minutes without a request', async () => {
    const member = await makeStaff(services.deps.db, { permissions: ['customer_service'] });
    const signIn = await post('staff.signIn', { email: member.email, password: 'correct horse battery', totpCode: staffCode(member, now) });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    now = new Date(now.getTime() + 29 * 60_000);
    expect((await get('messages.list', {}, { cookie })).status).toBe(200);
    now = new Date(now.getTime() + 29 * 60_000);
    expect((await get('messages.list', {}, { cookie })).status).toBe(200);
    now = new Date(now.getTime() + 31 * 60_000);
    const expired = await get('messages.list', {}, { cookie });
    expect(expired.status).toBe(401);
    expect((await expired.json()).error.json.data.app.code).toBe('MissingAuthentication');
  });

  it('refuses a state-changing call sent from another site', async () => {
    const response = await post('messages.submit', message, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    const sameSite = await post('messages.submit', message, { origin: base });
    expect(sameSite.status).toBe(200);
  });
});

describe('behind a proxy', () => {
  const signInFrom = (url: string, headers: Record<string, string>) => post('auth.signIn', { email: 'nobody@hsinchu-optics.example', password: 'whatever' }, headers, url);
  const attemptsOf = async (address: string) => (await services.deps.db.select().from(rateLimits).where(eq(rateLimits.key, `signInPerIp:${address}`))).length;

  it('believes X-Forwarded-For and X-Forwarded-Proto only from a proxy TRUST_PROXY names', async () => {
    const trusted = await listen(services.deps, { ready: true }, 'loopback');
    await signInFrom(trusted, { 'x-forwarded-for': '203.0.113.77' });
    expect(await attemptsOf('203.0.113.77')).toBe(1);
    await signInFrom(base, { 'x-forwarded-for': '203.0.113.78' });
    expect(await attemptsOf('203.0.113.78')).toBe(0);

    // The page was served over https by the proxy: its origin is https, and only the trusting portal knows it is its own.
    const submit = (url: string) => post('messages.submit', message, { origin: `https://${new URL(url).host}`, 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.79' }, url);
    expect((await submit(trusted)).status).toBe(200);
    expect((await submit(base)).status).toBe(403);
  });
});
