import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { activeTeamAuths, teamAuth, type TeamEventKind } from '../../../shared/teams';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { teamEvents, teamFiles, teamMembers, teams, users } from '../../db/schema';

export type TeamRow = typeof teams.$inferSelect;
export type TeamMemberRow = typeof teamMembers.$inferSelect;

export async function teamIdExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, id));
  return row !== undefined;
}

export async function findTeam(db: Executor, id: string): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(teams).where(eq(teams.id, id));
  return row;
}

/**
 * The team and the user's role in it (null when not a member), in one statement. With `lock` the
 * team row stays locked until the transaction ends: every change of a team's members takes it for
 * update first, so they run one at a time; a point transfer takes it to share, so that the roles
 * cannot change under it while transfers run side by side.
 */
function teamAndRoleQuery(lock?: 'update' | 'share') {
  return preparedQuery(`team_and_role${lock ? `_${lock}` : ''}`, (db) => {
    const query = db
      .select({ team: teams, auth: teamMembers.auth })
      .from(teams)
      .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, sql.placeholder('userId'))))
      .where(eq(teams.id, sql.placeholder('teamId')));
    return lock ? query.for(lock, { of: teams }) : query;
  });
}
const teamAndRoleQueries = { none: teamAndRoleQuery(), update: teamAndRoleQuery('update'), share: teamAndRoleQuery('share') };

export async function findTeamAndRole(db: Executor, teamId: string, userId: string, lock?: 'update' | 'share'): Promise<{ team: TeamRow; auth: number | null } | undefined> {
  const [row] = await teamAndRoleQueries[lock ?? 'none'](db, { teamId, userId });
  return row;
}

export async function insertTeam(tx: Executor, values: typeof teams.$inferInsert): Promise<TeamRow> {
  const [row] = await tx.insert(teams).values(values).returning();
  return row!;
}

export async function updateTeam(tx: Executor, id: string, values: Partial<typeof teams.$inferInsert>): Promise<TeamRow | undefined> {
  const [row] = await tx.update(teams).set(values).where(eq(teams.id, id)).returning();
  return row;
}

export async function findMembership(db: Executor, teamId: string, userId: string): Promise<TeamMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row;
}

export async function insertMembership(tx: Executor, values: typeof teamMembers.$inferInsert): Promise<TeamMemberRow> {
  const [row] = await tx.insert(teamMembers).values(values).returning();
  return row!;
}

export async function setMembershipAuth(tx: Executor, teamId: string, userId: string, auth: number, by: string, at: Date): Promise<void> {
  await tx
    .update(teamMembers)
    .set({ auth, modifiedBy: by, updatedAt: at })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

/** How many members of the team hold each active role (0, 1, 2). */
export async function countActiveByAuth(db: Executor, teamId: string): Promise<Record<number, number>> {
  const rows = await db
    .select({ auth: teamMembers.auth, n: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.auth, [...activeTeamAuths])))
    .groupBy(teamMembers.auth);
  return Object.fromEntries(rows.map((row) => [row.auth, row.n]));
}

/** Teams the user administers (auth 0): what create_team_limit counts (spec section 5). */
export async function countAdministeredTeams(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.auth, teamAuth.admin)));
  return row?.n ?? 0;
}

// Drizzle leaves a column unqualified when the query has one table, which a subquery would misread.
const teamIdColumn = sql.raw('"teams"."id"');
const memberCount = sql<number>`(select count(*)::int from ${teamMembers} m where m.team_id = ${teamIdColumn} and m.auth in (0, 1, 2))`;

/** The teams the user is an active member of, with the user's role, oldest first. */
export async function findTeamsOfUser(db: Executor, userId: string) {
  return db
    .select({ id: teams.id, name: teams.name, description: teams.description, auth: teamMembers.auth, memberCount, createdAt: teams.createdAt })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), inArray(teamMembers.auth, [...activeTeamAuths])))
    .orderBy(asc(teams.createdAt), asc(teams.id));
}

export async function countActiveMembers(db: Executor, teamId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.auth, [...activeTeamAuths])));
  return row?.n ?? 0;
}

/** Active members (0, 1, 2) with their name and e-mail: admin first, then deputies, then members by joining time. */
export async function findActiveMembers(db: Executor, teamId: string) {
  return db
    .select({ userId: users.id, name: users.name, email: users.email, auth: teamMembers.auth, joinedAt: teamMembers.updatedAt, platformUserId: users.platformUserId })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.auth, [...activeTeamAuths])))
    .orderBy(asc(teamMembers.auth), asc(teamMembers.updatedAt), asc(users.email));
}

export async function insertTeamEvent(tx: Executor, values: { teamId: string; kind: TeamEventKind; actorId: string; subjectId?: string | null; createdAt: Date }) {
  await tx.insert(teamEvents).values(values);
}

export async function findTeamEvents(db: Executor, teamId: string, limit: number) {
  const actor = sql<string>`(select u.email from ${users} u where u.id = ${teamEvents.actorId})`;
  const subject = sql<string | null>`(select u.email from ${users} u where u.id = ${teamEvents.subjectId})`;
  return db
    .select({ kind: teamEvents.kind, actor, subject, at: teamEvents.createdAt })
    .from(teamEvents)
    .where(eq(teamEvents.teamId, teamId))
    .orderBy(desc(teamEvents.createdAt), desc(teamEvents.id))
    .limit(limit);
}

/** Every team with its administrator's e-mail and its size, for the CLI; optionally of one group. */
export async function findAllTeams(db: Executor, groupId?: string) {
  const admin = sql<string | null>`(select u.email from ${teamMembers} m join ${users} u on u.id = m.user_id where m.team_id = ${teamIdColumn} and m.auth = 0)`;
  return db
    .select({ id: teams.id, name: teams.name, groupId: teams.groupId, admin, memberCount, createdAt: teams.createdAt })
    .from(teams)
    .where(groupId ? eq(teams.groupId, groupId) : undefined)
    .orderBy(asc(teams.createdAt), asc(teams.id));
}

export function findTeamFiles(db: Executor, teamId: string) {
  return db
    .select({ id: teamFiles.id, name: teamFiles.name, sizeBytes: teamFiles.sizeBytes, uploadedAt: teamFiles.uploadedAt, uploadedBy: users.name })
    .from(teamFiles)
    .innerJoin(users, eq(users.id, teamFiles.uploadedBy))
    .where(eq(teamFiles.teamId, teamId))
    .orderBy(desc(teamFiles.uploadedAt));
}

export async function findTeamFile(db: Executor, teamId: string, fileId: string) {
  const [row] = await db.select().from(teamFiles).where(and(eq(teamFiles.teamId, teamId), eq(teamFiles.id, fileId)));
  return row;
}

export async function insertTeamFile(tx: Executor, row: typeof teamFiles.$inferInsert) {
  const [inserted] = await tx.insert(teamFiles).values(row).returning();
  return inserted!;
}
