import { and, eq, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sessions, staff, users } from '../../db/schema';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/** A session with the row of whom it signs in (a member's or a staff member's), read in the same statement. */
export interface SessionWithSubject {
  session: SessionRow;
  user: typeof users.$inferSelect | null;
  staff: typeof staff.$inferSelect | null;
}

/**
 * Every signed-in request reads its session and then its member or staff member: one statement
 * (the subject's row through the session's foreign key) instead of two round trips, each of which
 * costs a request more than the reading itself.
 */
const sessionByIdQuery = preparedQuery('session_by_id', (db) =>
  db
    .select({ session: sessions, user: users, staff })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(staff, eq(staff.id, sessions.staffId))
    .where(eq(sessions.id, sql.placeholder('id'))),
);

export async function findSession(db: Executor, id: string): Promise<SessionWithSubject | undefined> {
  const [row] = await sessionByIdQuery(db, { id });
  return row;
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
