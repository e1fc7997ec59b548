import type { Request, Response } from 'express';

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

/** httpOnly, SameSite=Strict cookies, Secure when the portal is served over https. */
export function httpCookieJar(req: Request, res: Response, secure: boolean): CookieJar {
  const cookies = parseCookies(req.headers.cookie);
  const options = { httpOnly: true, sameSite: 'strict' as const, secure, path: '/' };
  return {
    get: (name) => cookies.get(name),
    set(name, value, maxAgeMs) {
      res.cookie(name, value, { ...options, maxAge: maxAgeMs });
      cookies.set(name, value);
    },
    clear(name) {
      res.clearCookie(name, options);
      cookies.delete(name);
    },
  };
}

export function memoryCookieJar(initial: Record<string, string> = {}): CookieJar & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return { values, get: (name) => values.get(name), set: (name, value) => void values.set(name, value), clear: (name) => void values.delete(name) };
}
