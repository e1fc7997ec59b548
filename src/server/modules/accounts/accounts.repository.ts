import { and, asc, eq, isNotNull, isNull, like, notLike, or, sql } from 'drizzle-orm';
import { userStatus } from '../../../shared/accounts';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { groups, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type GroupRow = typeof groups.$inferSelect;

const userByIdQuery = preparedQuery('user_by_id', (db) => db.select().from(users).where(eq(users.id, sql.placeholder('id'))));

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await userByIdQuery(db, { id });
  return row;
}

/** The user row locked until the transaction ends: changes counted per user (teams owned, say) take it first. */
export async function lockUserById(tx: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** The user with their group, in one statement. */
const userWithGroupQuery = preparedQuery('user_with_group', (db) =>
  db.select({ user: users, group: groups }).from(users).innerJoin(groups, eq(groups.id, users.groupId)).where(eq(users.id, sql.placeholder('id'))),
);

export async function findUserWithGroup(db: Executor, id: string): Promise<{ user: UserRow; group: GroupRow } | undefined> {
  const [row] = await userWithGroupQuery(db, { id });
  return row;
}

export async function findGroupById(db: Executor, id: string): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(groups).where(eq(groups.id, id));
  return row;
}

export async function groupIdExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, id));
  return row !== undefined;
}

export async function insertGroup(db: Executor, values: typeof groups.$inferInsert): Promise<GroupRow> {
  const [row] = await db.insert(groups).values(values).returning();
  return row!;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Executor, id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

export async function updateGroup(db: Executor, id: string, values: Partial<typeof groups.$inferInsert>): Promise<GroupRow | undefined> {
  const [row] = await db.update(groups).set(values).where(eq(groups.id, id)).returning();
  return row;
}

/** Sets the group's agent reference only if it has none yet; undefined when one was set already. */
export async function setGroupAgentReferenceOnce(db: Executor, id: string, refAgentId: string, at: Date): Promise<GroupRow | undefined> {
  const [row] = await db
    .update(groups)
    .set({ refAgentId, updatedAt: at })
    .where(and(eq(groups.id, id), isNull(groups.refAgentId)))
    .returning();
  return row;
}

/** Users waiting for staff: not yet active. */
export async function findUsersAwaitingActivation(db: Executor) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, emailVerifiedAt: users.emailVerifiedAt, createdAt: users.createdAt, companyName: groups.companyName, groupId: groups.id })
    .from(users)
    .innerJoin(groups, eq(users.groupId, groups.id))
    .where(and(eq(users.status, userStatus.pending), eq(users.disabled, false)))
    .orderBy(asc(users.createdAt));
}

export async function findDisabledOrInactiveUserIds(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.disabled, true), eq(users.status, userStatus.pending), isNull(users.emailVerifiedAt)));
  return rows.map((row) => row.id);
}

/** The group's administrator (the member who created it), oldest first when there are several. */
export async function findGroupAdmin(db: Executor, groupId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.groupId, groupId), eq(users.isGroupAdmin, true)))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return row;
}

/** Members whose authenticator secret is still stored in plain text (before secrets were sealed). */
export async function findUsersWithPlainTotpSecret(db: Executor): Promise<Array<{ id: string; totpSecret: string }>> {
  const rows = await db
    .select({ id: users.id, totpSecret: users.totpSecret })
    .from(users)
    .where(and(isNotNull(users.totpSecret), notLike(users.totpSecret, 'v1:%')));
  return rows.map((row) => ({ id: row.id, totpSecret: row.totpSecret! }));
}

/** Replaces the secret only if it is still `from` (a concurrent enrolment wins). */
export async function replaceUserTotpSecret(db: Executor, id: string, from: string, to: string): Promise<void> {
  await db.update(users).set({ totpSecret: to }).where(and(eq(users.id, id), eq(users.totpSecret, from)));
}

/** Members not disabled whose address ends with `suffix` (e.g. '.example'), with their password hashes. */
export function findEnabledUsersWithAddressEnding(db: Executor, suffix: string): Promise<Array<{ id: string; email: string; passwordHash: string }>> {
  return db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.disabled, false), like(users.email, `%${suffix}`)));
}
