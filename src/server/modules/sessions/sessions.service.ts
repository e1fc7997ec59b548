import { createHash, randomBytes } from 'node:crypto';
import type { Deps } from '../../deps';
import { deleteExpiredSessions, deleteSession, findSession, insertSession, touchSession } from './sessions.repository';

/** 30 minutes without a request signs out (spec section 9); a session never outlives 12 hours. */
export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const MAX_SESSION_MS = 12 * 60 * 60_000;
/** last_seen_at is written at most once a minute, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

function idOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type Subject = { staffId: string } | { userId: string };

/** Starts a session and returns the token for the cookie (never stored as is). */
export async function startSession(deps: Pick<Deps, 'db' | 'clock'>, subject: Subject): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock();
  await insertSession(deps.db, { id: idOf(token), ...subject, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + MAX_SESSION_MS) });
  return token;
}

export type SessionState = { status: 'active'; subject: Subject } | { status: 'expired' } | { status: 'none' };

/** The session behind a cookie token: active (and kept alive), expired by idleness or age, or none. */
export async function resumeSession(deps: Pick<Deps, 'db' | 'clock'>, token: string | undefined): Promise<SessionState> {
  if (!token || token.length > 100) return { status: 'none' };
  const id = idOf(token);
  const row = await findSession(deps.db, id);
  if (!row) return { status: 'none' };
  const now = deps.clock();
  if (row.expiresAt <= now || now.getTime() - row.lastSeenAt.getTime() >= IDLE_TIMEOUT_MS) {
    await deleteSession(deps.db, id);
    return { status: 'expired' };
  }
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) await touchSession(deps.db, id, now);
  const subject: Subject = row.staffId ? { staffId: row.staffId } : { userId: row.userId! };
  return { status: 'active', subject };
}

export async function endSession(deps: Pick<Deps, 'db'>, token: string | undefined): Promise<void> {
  if (token) await deleteSession(deps.db, idOf(token));
}

export async function purgeExpiredSessions(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock();
  return deleteExpiredSessions(deps.db, now, new Date(now.getTime() - IDLE_TIMEOUT_MS));
}
