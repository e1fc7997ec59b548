import { sql } from 'drizzle-orm';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHttpApp } from '../../../src/server/http/app';
import { createLogger } from '../../../src/server/logger';
import { MEMBER_COOKIE } from '../../../src/server/modules/auth/member-session.service';
import { startSession } from '../../../src/server/modules/sessions/sessions.service';
import { makeMember } from '../../factories/members';
import { openTestServices, type TestServices } from '../../fixtures/services';

/**
 * Secrets in the error log (issue 7, item 5): a database error during a TOTP enrolment or a password
 * change is logged without the statement's values. The database really refuses the write: a check
 * constraint added to this test's own database.
 */
let services: TestServices;
let server: Server;
let base: string;
const logged: string[] = [];

beforeAll(async () => {
  services = await openTestServices();
  const log = createLogger('info', 'test', new Writable({ write: (chunk, _encoding, done) => (logged.push(String(chunk)), done()) }));
  server = createHttpApp({ ...services.deps, log }, { ready: true }, { development: false }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.close();
  await services?.close();
});

async function call(path: string, cookie: string, input?: unknown) {
  const response = await fetch(`${base}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: input === undefined ? undefined : JSON.stringify(superjson.serialize(input)),
  });
  return { status: response.status, body: await response.json() };
}

async function signedInMember() {
  const member = await makeMember(services.deps.db);
  return { member, cookie: `${MEMBER_COOKIE}=${await startSession(services.deps, { userId: member.id })}` };
}

describe('the request log', () => {
  it('writes one line per request with its id, method, path and status, without the query (tRPC inputs) or any header', async () => {
    const { cookie } = await signedInMember();
    logged.length = 0;
    const input = encodeURIComponent(JSON.stringify(superjson.serialize({ email: 'secret-lookup@example.com' })));
    const response = await fetch(`${base}/trpc/system.ping?input=${input}`, { headers: { cookie, 'x-request-id': 'req-log-line-1' } });
    expect(response.status).toBe(200);
    // The line is written when the response has finished, which may be just after the client has it.
    const line = await vi.waitFor(() => {
      const found = logged.map((text) => JSON.parse(text)).find((entry) => entry.req?.id === 'req-log-line-1');
      if (!found) throw new Error(`no request line yet in ${logged.join('')}`);
      return found;
    }, { timeout: 10_000 });
    expect(line).toMatchObject({ msg: 'request completed', req: { method: 'GET', path: '/trpc/system.ping' }, res: { statusCode: 200 } });
    const text = JSON.stringify(line);
    expect(text).not.toContain('secret-lookup');
    expect(text).not.toContain(cookie.split('=')[1]!);
  });
});

describe('a database error during a secret write', () => {
  it('logs the failed TOTP enrolment with its request id but without the new secret', async () => {
    const { cookie } = await signedInMember();
    await services.deps.db.execute(sql.raw('alter table users add constraint test_refuses_totp check (totp_secret is null) not valid'));
    try {
      logged.length = 0;
      const answer = await call('auth.totp.begin', cookie);
      expect(answer.status).toBe(500);
      expect(answer.body.error.json.data.app.code).toBe('Unknown');
      const text = logged.join('\n');
      const line = logged.map((entry) => JSON.parse(entry)).find((entry) => entry.msg === 'unexpected error');
      expect(line?.req).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), method: 'POST', path: '/trpc/auth.totp.begin' });
      expect(text).toContain('23514');
      // The secret is 20 random bytes in base32: 32 characters of A-Z and 2-7.
      expect(text).not.toMatch(/[A-Z2-7]{32}/);
    } finally {
      await services.deps.db.execute(sql.raw('alter table users drop constraint test_refuses_totp'));
    }
  });

  it('logs the failed password change without the new argon2 hash', async () => {
    const { member, cookie } = await signedInMember();
    await services.deps.db.execute(sql.raw("alter table users add constraint test_refuses_new_hashes check (updated_at < '2000-01-01') not valid"));
    try {
      logged.length = 0;
      const answer = await call('auth.changePassword', cookie, { currentPassword: member.password, password: 'Another-lens-2027', confirmPassword: 'Another-lens-2027' });
      expect(answer.status).toBe(500);
      const text = logged.join('\n');
      expect(text).toContain('23514');
      expect(text).not.toContain('$argon2id$');
    } finally {
      await services.deps.db.execute(sql.raw('alter table users drop constraint test_refuses_new_hashes'));
    }
  });
});
