import { asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { classChanges, groups, users } from '../../db/schema';
import type { GroupRow } from './accounts.repository';

const adminEmail = sql<string | null>`(select u.email from ${users} u where u.group_id = ${sql.raw('"groups"."id"')} and u.is_group_admin order by u.created_at limit 1)`;

function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Groups whose id, company name or tax id contain the query (at most 50). */
export function searchGroups(db: Executor, query: string) {
  const pattern = likePattern(query);
  return db
    .select({ id: groups.id, companyName: groups.companyName, status: groups.status, adminEmail, memberClass: groups.memberClass })
    .from(groups)
    .where(or(ilike(groups.id, pattern), ilike(groups.companyName, pattern), ilike(groups.taxId, pattern)))
    .orderBy(asc(groups.companyName))
    .limit(50);
}

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  status: users.status,
  disabled: users.disabled,
  isGroupAdmin: users.isGroupAdmin,
  groupId: users.groupId,
  companyName: groups.companyName,
};

/** Users whose e-mail or name contain the query (at most 50), with their company. */
export function searchUsers(db: Executor, query: string) {
  const pattern = likePattern(query);
  return db
    .select(userColumns)
    .from(users)
    .innerJoin(groups, eq(groups.id, users.groupId))
    .where(or(ilike(users.email, pattern), ilike(users.name, pattern)))
    .orderBy(asc(users.email))
    .limit(50);
}

export function usersOfGroup(db: Executor, groupId: string) {
  return db.select(userColumns).from(users).innerJoin(groups, eq(groups.id, users.groupId)).where(eq(users.groupId, groupId)).orderBy(desc(users.isGroupAdmin), asc(users.email));
}

export async function groupWithAdmin(db: Executor, groupId: string) {
  const [row] = await db.select({ group: groups, adminEmail }).from(groups).where(eq(groups.id, groupId));
  return row;
}

export async function lockGroup(tx: Tx, groupId: string): Promise<GroupRow | undefined> {
  const [row] = await tx.select().from(groups).where(eq(groups.id, groupId)).for('update');
  return row;
}

export type ClassChangeRow = typeof classChanges.$inferSelect;

export async function insertClassChange(tx: Tx, values: typeof classChanges.$inferInsert): Promise<ClassChangeRow> {
  const [row] = await tx.insert(classChanges).values(values).returning();
  return row!;
}

export function findClassChanges(db: Executor, groupId: string): Promise<ClassChangeRow[]> {
  return db.select().from(classChanges).where(eq(classChanges.groupId, groupId)).orderBy(desc(classChanges.createdAt), desc(classChanges.id));
}
