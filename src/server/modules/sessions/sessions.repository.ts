import { and, eq, getTableColumns, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sessions, staff, users } from '../../db/schema';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/**
 * What a request's authorization reads of a member (auth/member-session.service.ts): whether the
 * account may use the portal now. Not the password hash, the authenticator's secret or the profile.
 */
const memberAccess = {
  id: users.id,
  groupId: users.groupId,
  disabled: users.disabled,
  status: users.status,
  emailVerifiedAt: users.emailVerifiedAt,
  passwordChangedAt: users.passwordChangedAt,
  totpEnabledAt: users.totpEnabledAt,
};

/** What it reads of a staff member (staff/permissions.service.ts): who they are and what they may do; every column but their secrets and bookkeeping. */
const { passwordHash: _password, totpSecret: _secret, lastTotpStep: _step, totpEnabledAt: _enabled, createdBy: _by, createdAt: _created, updatedAt: _updated, ...staffAccess } = getTableColumns(staff);

export type SessionMember = Pick<typeof users.$inferSelect, keyof typeof memberAccess>;
export type SessionStaff = Pick<typeof staff.$inferSelect, keyof typeof staffAccess>;

/** What a request reads of its session: whose it is and whether it is still alive. */
const sessionAccess = { id: sessions.id, userId: sessions.userId, staffId: sessions.staffId, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt };

/** Whom a session cookie signs in: the member cookie's session is read for a member, the staff cookie's for a staff member. */
export type SessionKind = 'member' | 'staff';

/** A session with what authorization reads of whom it signs in (a member or a staff member), in the same statement. */
export interface SessionWithSubject {
  session: Pick<SessionRow, keyof typeof sessionAccess>;
  user: SessionMember | null;
  staff: SessionStaff | null;
}

/**
 * Every signed-in request reads its session and then its member or staff member: one statement
 * (the subject's columns through the session's foreign key) instead of two round trips, each of which
 * costs a request more than the reading itself. The cookie says which of the two to read, so each
 * statement joins one table: a session of the other kind is not found.
 */
const sessionQueries = {
  member: preparedQuery('member_session_by_id', (db) =>
    db
      .select({ session: sessionAccess, user: memberAccess })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sql.placeholder('id'))),
  ),
  staff: preparedQuery('staff_session_by_id', (db) =>
    db
      .select({ session: sessionAccess, staff: staffAccess })
      .from(sessions)
      .innerJoin(staff, eq(staff.id, sessions.staffId))
      .where(eq(sessions.id, sql.placeholder('id'))),
  ),
};

export async function findSession(db: Executor, id: string, kind: SessionKind): Promise<SessionWithSubject | undefined> {
  if (kind === 'member') {
    const [row] = await sessionQueries.member(db, { id });
    return row && { ...row, staff: null };
  }
  const [row] = await sessionQueries.staff(db, { id });
  return row && { ...row, user: null };
}

export async function touchSession(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Executor, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteExpiredSessions(db: Executor, now: Date, idleBefore: Date): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore)))
    .returning({ id: sessions.id });
  return removed.length;
}

export async function deleteUserSessions(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteUserSessionsExcept(db: Executor, userId: string, keptId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keptId)));
}

export async function deleteSessionsOfUsers(db: Executor, userIds: string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const removed = await db.delete(sessions).where(and(isNotNull(sessions.userId), inArray(sessions.userId, userIds))).returning({ id: sessions.id });
  return removed.length;
}

export async function deleteStaffSessions(db: Executor, staffId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.staffId, staffId));
}
