import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { MEMBER_COOKIE, SESSION_EXPIRED_COOKIE } from '../../../src/server/modules/auth/member-session.service';
import { sessionProbePath } from '../../../src/shared/session-probe';
import { makeMember } from '../../factories/members';
import { servicesWithApi } from '../../fixtures/http';

const setup = servicesWithApi();

function probe(cookie?: string) {
  return fetch(`${setup.api.base}${sessionProbePath}`, { headers: cookie ? { cookie } : {} });
}

/** Signs a member in over HTTP and returns the session cookie as the browser would send it back. */
async function signedInCookie(): Promise<string> {
  const member = await makeMember(setup.services.deps.db);
  const response = await fetch(`${setup.api.base}/trpc/auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(superjson.serialize({ email: member.email, password: member.password })),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith(`${MEMBER_COOKIE}=`));
  expect(cookie).toBeDefined();
  return cookie!.split(';')[0]!;
}

describe('GET /session-probe', () => {
  it('tells a visitor without cookies that there is no session, and is never cached', async () => {
    const response = await probe();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ signedIn: false, sessionEnded: false });
  });

  it('tells a signed-in member so, without echoing the token or touching the cookie', async () => {
    const cookie = await signedInCookie();
    const response = await probe(cookie);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.getSetCookie()).toEqual([]);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ signedIn: true, sessionEnded: false });
    expect(text).not.toContain(cookie.split('=')[1]);
  });

  it('does not take a cookie of another form for a session', async () => {
    for (const value of ['', 'x', 'a'.repeat(42), 'a'.repeat(44), `${'a'.repeat(42)}!`]) {
      expect(await (await probe(`${MEMBER_COOKIE}=${value}`)).json()).toEqual({ signedIn: false, sessionEnded: false });
    }
  });

  it('reports the marker of a session ended by idleness, for the login-expired notice, and leaves it for the session check', async () => {
    const response = await probe(`${SESSION_EXPIRED_COOKIE}=1`);
    expect(await response.json()).toEqual({ signedIn: false, sessionEnded: true });
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
