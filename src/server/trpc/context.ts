import { defaultLanguage, isLanguage, type Language } from '../../shared/languages';
import type { Deps } from '../deps';
import type { CookieJar } from '../http/cookies';
import type { Logger } from '../logger';
import { STAFF_COOKIE } from '../modules/staff/staff-sign-in.service';
import { resumeSession } from '../modules/sessions/sessions.service';
import { memberFromCookie } from '../modules/auth/member-session.service';

/** Who is calling, from the session cookie. */
export type Actor = { kind: 'visitor' } | { kind: 'member'; userId: string } | { kind: 'staff'; staffId: string };

export interface Context {
  deps: Deps;
  actor: Actor;
  language: Language;
  requestId: string;
  log: Logger;
  cookies: CookieJar;
  /** The client's address, for per-address attempt limits (behind a proxy only with TRUST_PROXY). */
  ip: string;
}

/** The actor behind the request's cookies; no cookie costs no query. */
export async function actorFrom(deps: Deps, cookies: CookieJar): Promise<Actor> {
  const member = await memberFromCookie(deps, cookies);
  if (member) return { kind: 'member', userId: member.userId };
  const token = cookies.get(STAFF_COOKIE);
  if (!token) return { kind: 'visitor' };
  const session = await resumeSession(deps, token);
  if (session.status === 'active' && 'staffId' in session.subject) return { kind: 'staff', staffId: session.subject.staffId };
  if (session.status === 'expired') cookies.clear(STAFF_COOKIE);
  return { kind: 'visitor' };
}

export function languageFrom(header: string | undefined): Language {
  return isLanguage(header) ? header : defaultLanguage;
}
