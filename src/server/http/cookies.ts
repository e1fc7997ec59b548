import { serialize } from 'cookie';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The cookies a procedure may read and set; over HTTP they are real cookies, in tests a plain map. */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, maxAgeMs: number): void;
  clear(name: string): void;
}

export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index < 1) continue;
    const name = part.slice(0, index).trim();
    try {
      cookies.set(name, decodeURIComponent(part.slice(index + 1).trim()));
    } catch {
      // A malformed value is as good as no cookie.
    }
  }
  return cookies;
}

/**
 * httpOnly, SameSite=Strict cookies, Secure when the portal is served over https; written as
 * Express's res.cookie writes them (Expires and Max-Age in seconds; a cleared cookie expires in 1970),
 * for Express's routes and the API alike.
 */
export function httpCookieJar(req: IncomingMessage, res: ServerResponse, secure: boolean): CookieJar {
  const cookies = parseCookies(req.headers.cookie);
  const options = { httpOnly: true, sameSite: 'strict' as const, secure, path: '/' };
  return {
    get: (name) => cookies.get(name),
    set(name, value, maxAgeMs) {
      res.appendHeader('set-cookie', serialize(name, value, { ...options, expires: new Date(Date.now() + maxAgeMs), maxAge: Math.floor(maxAgeMs / 1000) }));
      cookies.set(name, value);
    },
    clear(name) {
      res.appendHeader('set-cookie', serialize(name, '', { ...options, expires: new Date(1) }));
      cookies.delete(name);
    },
  };
}

export function memoryCookieJar(initial: Record<string, string> = {}): CookieJar & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return { values, get: (name) => values.get(name), set: (name, value) => void values.set(name, value), clear: (name) => void values.delete(name) };
}
