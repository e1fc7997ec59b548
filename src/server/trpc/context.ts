import { defaultLanguage, isLanguage, type Language } from '../../shared/languages';
import type { Deps } from '../deps';
import type { CookieJar } from '../http/cookies';
import { STAFF_COOKIE } from '../modules/staff/staff-sign-in.service';
import { resumeSession, type SessionMember, type SessionStaff } from '../modules/sessions/sessions.service';
import { memberFromCookie } from '../modules/auth/member-session.service';

/** Who is calling, from the session cookie; a member or staff member with what authorization reads of them, read with their session once per request. */
export type Actor = { kind: 'visitor' } | { kind: 'member'; userId: string; user?: SessionMember } | { kind: 'staff'; staffId: string; staff?: SessionStaff };

export interface Context {
  deps: Deps;
  actor: Actor;
  language: Language;
  cookies: CookieJar;
  /** The client's address, for per-address attempt limits (behind a proxy only with TRUST_PROXY). */
  ip: string;
  /** The browser's User-Agent header: buying is refused on iOS (spec section 2). */
  userAgent?: string;
}

/**
 * The area of the site a request comes from (header `x-portal-area`): the back office at /admin
 * reads only the staff cookie, the public site and the management centre the member cookie first,
 * so that a member and a staff session live side by side in one browser and each area uses its own.
 */
export type Area = 'admin' | 'portal';

export function areaFrom(header: string | undefined): Area {
  return header === 'admin' ? 'admin' : 'portal';
}

/** The actor behind the request's cookies for its area; no cookie costs no query. */
export async function actorFrom(deps: Deps, cookies: CookieJar, area: Area = 'portal'): Promise<Actor> {
  if (area === 'portal') {
    const member = await memberFromCookie(deps, cookies);
    if (member) return { kind: 'member', userId: member.userId, user: member.user };
  }
  const token = cookies.get(STAFF_COOKIE);
  if (!token) return { kind: 'visitor' };
  const session = await resumeSession(deps, token, 'staff');
  if (session.status === 'active' && 'staffId' in session.subject) return { kind: 'staff', staffId: session.subject.staffId, staff: session.subject.staff };
  if (session.status === 'expired') cookies.clear(STAFF_COOKIE);
  return { kind: 'visitor' };
}

export function languageFrom(header: string | undefined): Language {
  return isLanguage(header) ? header : defaultLanguage;
}
