import fs from 'node:fs';
import http from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from '../../../src/server/http/app';
import { answerErrors } from '../../../src/server/http/errors';
import { serveBuiltApp } from '../../../src/server/http/web';
import { MEMBER_COOKIE } from '../../../src/server/modules/auth/member-session.service';
import { startSession } from '../../../src/server/modules/sessions/sessions.service';
import { makeMember } from '../../factories/members';
import { openTestServices, type TestServices } from '../../fixtures/services';

/** What anonymous clients learn from errors (issue 7, items 4 and 18), through the app as the portal assembles it. */
let services: TestServices;
let server: Server;
let base: string;

beforeAll(async () => {
  const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-shell-'));
  fs.mkdirSync(path.join(buildDir, 'assets'));
  fs.writeFileSync(path.join(buildDir, 'index.html'), '<!doctype html><title>%PORTAL_BRAND%</title><meta name="shop" content="%PORTAL_SHOP_URL%"><div id="root"></div>');
  services = await openTestServices();
  const app = createHttpApp(services.deps, { ready: true }, { development: false });
  serveBuiltApp(app.express, { brand: 'Inspectra', shopUrl: 'https://shop.inspectra.example' }, services.deps, buildDir);
  answerErrors(app.express);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.close();
  await services?.close();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** A raw request: the path as written (fetch would normalise `/%`), any header, and a body sent in parts. */
function request(pathname: string, options: { method?: string; headers?: Record<string, string>; body?: Buffer; endBody?: boolean } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${pathname}`, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    if (options.body) req.write(options.body);
    if (options.endBody !== false) req.end();
  });
}

function expectNothingAboutTheServer(text: string) {
  expect(text).not.toMatch(/\bat \w|node_modules|\/work\/|\/src\/|Error:|stack/i);
}

describe('errors that reach anonymous clients', () => {
  it('answers a malformed path with JSON or the error page and the request id, never a stack', async () => {
    const json = await request('/%', { headers: { accept: 'application/json', 'x-request-id': 'req-bad-path' } });
    expect(json.status).toBe(400);
    expect(JSON.parse(json.text)).toEqual({ code: 'InvalidInput', params: {}, requestId: 'req-bad-path' });
    const html = await request('/%', { headers: { accept: 'text/html', 'x-request-id': 'req-bad-path-2' } });
    expect(html.status).toBe(400);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.text).toContain('req-bad-path-2');
    expectNothingAboutTheServer(html.text);
  });

  it('answers an upload with an unknown Content-Encoding without a stack', async () => {
    const member = await makeMember(services.deps.db);
    const token = await startSession(services.deps, { userId: member.id });
    const answer = await request('/member-files/business-card', {
      method: 'PUT',
      headers: { cookie: `${MEMBER_COOKIE}=${token}`, 'content-type': 'application/octet-stream', 'content-encoding': 'bogus', 'x-request-id': 'req-bogus' },
      body: Buffer.from('not really compressed'),
    });
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.text)).toEqual({ code: 'InvalidInput', params: {}, requestId: 'req-bogus' });
    expectNothingAboutTheServer(answer.text);
  });

  it('refuses an API call whose JSON body is over 256 KB with 413, and one whose body is not JSON with 400, never a stack', async () => {
    const headers = { 'content-type': 'application/json', accept: 'application/json' };
    const tooLarge = Buffer.from(JSON.stringify({ json: { email: 'someone@factory.example', password: 'x'.repeat(300 * 1024) } }));
    const large = await request('/trpc/auth.signIn', { method: 'POST', headers, body: tooLarge });
    expect(large.status).toBe(413);
    expectNothingAboutTheServer(large.text);
    // Bad input, as the page translates it, not 'system error'.
    expect(JSON.parse(large.text)).toMatchObject({ error: { json: { data: { app: { code: 'InvalidInput' } } } } });
    const malformed = await request('/trpc/auth.signIn', { method: 'POST', headers, body: Buffer.from('{"json": {"email": ') });
    expect(malformed.status).toBe(400);
    expectNothingAboutTheServer(malformed.text);
  });

  it('answers an unknown API address with NotFound', async () => {
    const answer = await request('/nothing-here', { method: 'POST', headers: { accept: 'application/json' } });
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'NotFound' });
  });
});

describe('small leaks', () => {
  it('serves /index.html as the app shell, never the raw template with its placeholders', async () => {
    const answer = await request('/index.html');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<title>Inspectra</title>');
    expect(answer.text).not.toContain('%PORTAL_');
  });

  it('refuses a visitor’s upload before reading the 5 MB body', async () => {
    // Only the first kilobyte of a announced 5 MB body is sent: an answer can only come before the body is read.
    const answer = await request('/member-files/business-card', {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(5 * 1024 * 1024) },
      body: Buffer.alloc(1024),
      endBody: false,
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'MissingAuthentication' });
  });
});
