import { createHash, randomBytes } from 'node:crypto';
import type { Deps } from '../../deps';
import type { Executor } from '../../db/client';
import { deleteExpiredSessions, deleteSession, deleteSessionsOfUsers, deleteStaffSessions, deleteUserSessions, deleteUserSessionsExcept, findSession, insertSession, touchSession, type SessionKind, type SessionMember, type SessionStaff } from './sessions.repository';

export type { SessionKind, SessionMember, SessionStaff };

/** A session never outlives 12 hours; idleness ends it sooner (SESSION_IDLE_SECONDS, spec section 9: 30 minutes). */
export const MAX_SESSION_MS = 12 * 60 * 60_000;

type SessionDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

function idleTimeoutMs(deps: SessionDeps): number {
  return deps.config.SESSION_IDLE_SECONDS * 1000;
}

/** last_seen_at is written at most once a minute (more often under a short idle time-out), not on every request. */
function touchIntervalMs(deps: SessionDeps): number {
  return Math.min(60_000, idleTimeoutMs(deps) / 10);
}

function idOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type Subject = { staffId: string } | { userId: string };

/** The subject of a live session with what authorization reads of it, read with the session (undefined when the row is gone). */
export type SessionSubject = { staffId: string; staff?: SessionStaff } | { userId: string; user?: SessionMember };

/** A session token: 32 random bytes, base64url (43 characters). */
const TOKEN_BYTES = 32;
const TOKEN_FORMAT = /^[\w-]{43}$/;

/** Whether a cookie value has the form of a session token; says nothing about whether the session is alive. */
export function looksLikeSessionToken(value: string | undefined): boolean {
  return value !== undefined && TOKEN_FORMAT.test(value);
}

/** Starts a session and returns the token for the cookie (never stored as is). */
export async function startSession(deps: Pick<Deps, 'db' | 'clock'>, subject: Subject): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const now = deps.clock();
  await insertSession(deps.db, { id: idOf(token), ...subject, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + MAX_SESSION_MS) });
  return token;
}

export type SessionState = { status: 'active'; subject: SessionSubject } | { status: 'expired' } | { status: 'none' };

/** The session of `kind` behind a cookie token: active (and kept alive), expired by idleness or age, or none. */
export async function resumeSession(deps: SessionDeps, token: string | undefined, kind: SessionKind): Promise<SessionState> {
  if (!token || token.length > 100) return { status: 'none' };
  const id = idOf(token);
  const found = await findSession(deps.db, id, kind);
  if (!found) return { status: 'none' };
  const row = found.session;
  const now = deps.clock();
  if (row.expiresAt <= now || now.getTime() - row.lastSeenAt.getTime() >= idleTimeoutMs(deps)) {
    await deleteSession(deps.db, id);
    return { status: 'expired' };
  }
  if (now.getTime() - row.lastSeenAt.getTime() >= touchIntervalMs(deps)) await touchSession(deps.db, id, now);
  const subject: SessionSubject = row.staffId ? { staffId: row.staffId, staff: found.staff ?? undefined } : { userId: row.userId!, user: found.user ?? undefined };
  return { status: 'active', subject };
}

export async function endSession(deps: Pick<Deps, 'db'>, token: string | undefined): Promise<void> {
  if (token) await deleteSession(deps.db, idOf(token));
}

/** Ends every session of a staff member (removed from the back office, or their authenticator reset), in the caller's transaction. */
export async function endSessionsOfStaff(tx: Executor, staffId: string): Promise<void> {
  await deleteStaffSessions(tx, staffId);
}

/** Ends every session of a member (after a password reset), in the caller's transaction. */
export async function endSessionsOfUser(tx: Executor, userId: string): Promise<void> {
  await deleteUserSessions(tx, userId);
}

/** Ends every session of a member but the one of `keptToken` (after a password change, ASVS 3.3.3), in the caller's transaction. */
export async function endOtherSessionsOfUser(tx: Executor, userId: string, keptToken: string | undefined): Promise<void> {
  if (keptToken) await deleteUserSessionsExcept(tx, userId, idOf(keptToken));
  else await deleteUserSessions(tx, userId);
}

/** Ends every session of these members; returns how many ended. */
export function endSessionsOfUsers(db: Executor, userIds: string[]): Promise<number> {
  return deleteSessionsOfUsers(db, userIds);
}

export async function purgeExpiredSessions(deps: SessionDeps): Promise<number> {
  const now = deps.clock();
  return deleteExpiredSessions(deps.db, now, new Date(now.getTime() - idleTimeoutMs(deps)));
}
