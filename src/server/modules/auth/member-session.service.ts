import { userStatus } from '../../../shared/accounts';
import type { PendingStep } from '../../../shared/auth';
import type { SessionProbe } from '../../../shared/session-probe';
import type { AccountActivationStep } from '../../../shared/errors';
import type { SecuritySettings } from '../../../shared/settings';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { CookieJar } from '../../http/cookies';
import { endSession, endSessionsOfUsers, looksLikeSessionToken, MAX_SESSION_MS, resumeSession, startSession, type SessionMember } from '../sessions/sessions.service';
import { disabledOrInactiveUserIds, userById } from '../accounts/users.service';
import { getSecuritySettings } from '../settings/settings.service';

/** The member session cookie, and the short-lived marker that a session ended by idleness (for the next page's notice). */
export const MEMBER_COOKIE = 'portal_member';
export const SESSION_EXPIRED_COOKIE = 'portal_session_expired';
const EXPIRED_MARKER_MS = 24 * 60 * 60_000;

/** What an account lacks before it may be signed in: an active status and a verified e-mail (spec section 4 'Session'). */
export function missingActivation(user: Pick<SessionMember, 'emailVerifiedAt' | 'status'>): AccountActivationStep[] {
  const missing: AccountActivationStep[] = [];
  if (!user.emailVerifiedAt) missing.push('emailVerification');
  if (user.status !== userStatus.active) missing.push('staffActivation');
  return missing;
}

/** Steps a signed-in member must take before anything else: an expired password, a required authenticator. */
export function pendingSteps(user: Pick<SessionMember, 'passwordChangedAt' | 'totpEnabledAt'>, settings: SecuritySettings, now: Date): PendingStep[] {
  const steps: PendingStep[] = [];
  const maxAgeMs = settings.passwordMaxDaysLimit * 24 * 60 * 60_000;
  if (!user.passwordChangedAt || now.getTime() - user.passwordChangedAt.getTime() > maxAgeMs) steps.push('changePassword');
  if (settings.userTotpVerify && !user.totpEnabledAt) steps.push('enrolTotp');
  return steps;
}

/**
 * The member behind a session, checked against the database on every call: disabled, inactive or
 * unverified accounts are refused, and with `allowPending` false so is a member who must first change
 * the password or enrol an authenticator.
 */
export async function requireMember(deps: Pick<Deps, 'db' | 'clock'>, userId: string, options: { allowPending: boolean }, readAlready?: SessionMember): Promise<SessionMember> {
  // The row the request's cookie was checked against moments ago, if any, is as fresh as a new read.
  const user = readAlready?.id === userId ? readAlready : await userById(deps.db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  if (user.disabled) throw new AppError('Unauthorized', { action: 'session', reason: 'accountDisabled' });
  const missing = missingActivation(user);
  if (missing.length > 0) throw new AppError('AccountNotActivated', { missing });
  if (!options.allowPending) {
    const steps = pendingSteps(user, await getSecuritySettings(deps.db), deps.clock());
    if (steps.includes('changePassword')) throw new AppError('Unauthorized', { action: 'session', reason: 'passwordExpired' });
    if (steps.includes('enrolTotp')) throw new AppError('Unauthorized', { action: 'session', reason: 'totpEnrolmentRequired' });
  }
  return user;
}

function isEligible(user: SessionMember | undefined): user is SessionMember {
  return user !== undefined && !user.disabled && missingActivation(user).length === 0;
}

/**
 * The member signed in by the request's cookie, if any. An idle session ends and leaves a marker for
 * the 'login expired' notice; a member who was disabled meanwhile is signed out at once.
 */
export async function memberFromCookie(deps: Pick<Deps, 'db' | 'clock' | 'config'>, cookies: CookieJar): Promise<{ userId: string; user: SessionMember } | undefined> {
  const token = cookies.get(MEMBER_COOKIE);
  if (!token) return undefined;
  const session = await resumeSession(deps, token, 'member');
  if (session.status === 'active' && 'userId' in session.subject) {
    const { user } = session.subject;
    if (isEligible(user)) return { userId: user.id, user };
    await endSession(deps, token);
  } else if (session.status === 'expired') {
    cookies.set(SESSION_EXPIRED_COOKIE, '1', EXPIRED_MARKER_MS);
  }
  cookies.clear(MEMBER_COOKIE);
  return undefined;
}

/** Starts a member session in a fresh cookie; the previous one, if any, ends (rotation on sign-in). */
export async function startMemberSession(deps: Pick<Deps, 'db' | 'clock'>, cookies: CookieJar, userId: string): Promise<void> {
  await endSession(deps, cookies.get(MEMBER_COOKIE));
  const token = await startSession(deps, { userId });
  cookies.set(MEMBER_COOKIE, token, MAX_SESSION_MS);
  cookies.clear(SESSION_EXPIRED_COOKIE);
}

export async function endMemberSession(deps: Pick<Deps, 'db'>, cookies: CookieJar): Promise<void> {
  await endSession(deps, cookies.get(MEMBER_COOKIE));
  cookies.clear(MEMBER_COOKIE);
}

/**
 * What the request's cookies say about a member session without asking the database (GET
 * /session-probe): the web app loads the account code only when there may be a session or a
 * 'login expired' notice to show. The cookies are read, never changed; the token is not echoed.
 */
export function probeMemberSession(cookies: Pick<CookieJar, 'get'>): SessionProbe {
  return { signedIn: looksLikeSessionToken(cookies.get(MEMBER_COOKIE)), sessionEnded: cookies.get(SESSION_EXPIRED_COOKIE) !== undefined };
}

/** True once after an idle session ended: the page then says 'login expired, please log in again'. */
export function takeSessionExpiredMarker(cookies: CookieJar): boolean {
  if (!cookies.get(SESSION_EXPIRED_COOKIE)) return false;
  cookies.clear(SESSION_EXPIRED_COOKIE);
  return true;
}

/** At start: ends the sessions of members who are disabled or no longer active (spec section 4). */
export async function signOutIneligibleMembers(deps: Pick<Deps, 'db' | 'log'>): Promise<number> {
  const removed = await endSessionsOfUsers(deps.db, await disabledOrInactiveUserIds(deps.db));
  if (removed > 0) deps.log.info({ sessions: removed }, 'signed out disabled or inactive members');
  return removed;
}
