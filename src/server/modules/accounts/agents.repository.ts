import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { groups } from '../../db/schema';

/** Every agent with the number of accounts that refer to it, the most referrals first. */
export async function findAgents(db: Executor) {
  const referring = alias(groups, 'referring');
  return db
    .select({ groupId: groups.id, companyName: groups.companyName, agentId: sql<string>`${groups.agentId}`, referrals: count(referring.id) })
    .from(groups)
    .leftJoin(referring, eq(referring.refAgentId, groups.agentId))
    .where(eq(groups.isAgent, true))
    .groupBy(groups.id)
    .orderBy(desc(count(referring.id)), asc(groups.companyName));
}

export async function findReferrals(db: Executor, agentId: string) {
  return db
    .select({ groupId: groups.id, companyName: groups.companyName, status: groups.status, createdAt: groups.createdAt })
    .from(groups)
    .where(eq(groups.refAgentId, agentId))
    .orderBy(desc(groups.createdAt));
}

/** Marks a group as an agent; the partial unique index refuses an agent id another agent holds. */
export async function markAgent(tx: Executor, groupId: string, agentId: string, at: Date) {
  const [row] = await tx.update(groups).set({ isAgent: true, agentId, updatedAt: at }).where(eq(groups.id, groupId)).returning();
  return row;
}

export async function unmarkAgent(tx: Executor, groupId: string, at: Date) {
  const [row] = await tx
    .update(groups)
    .set({ isAgent: false, agentId: null, updatedAt: at })
    .where(and(eq(groups.id, groupId), eq(groups.isAgent, true)))
    .returning();
  return row;
}

export async function lockGroup(tx: Executor, groupId: string) {
  const [row] = await tx.select().from(groups).where(eq(groups.id, groupId)).for('update');
  return row;
}
