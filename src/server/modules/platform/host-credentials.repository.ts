import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { hostCredentialReveals, hostCredentials } from '../../db/schema';

/** One account's credentials, or every account's (to seal plain secrets at start). */
export function findHostCredentials(db: Executor, groupId?: string) {
  return db
    .select()
    .from(hostCredentials)
    .where(groupId === undefined ? undefined : eq(hostCredentials.groupId, groupId))
    .orderBy(asc(hostCredentials.groupId), asc(hostCredentials.kind));
}

export async function findHostCredential(db: Executor, groupId: string, kind: string) {
  const [row] = await db.select().from(hostCredentials).where(and(eq(hostCredentials.groupId, groupId), eq(hostCredentials.kind, kind)));
  return row;
}

export async function upsertHostCredential(tx: Executor, row: typeof hostCredentials.$inferInsert): Promise<void> {
  await tx
    .insert(hostCredentials)
    .values(row)
    .onConflictDoUpdate({ target: [hostCredentials.groupId, hostCredentials.kind], set: { address: row.address, username: row.username, secret: row.secret, updatedAt: row.updatedAt } });
}

export async function insertReveal(tx: Executor, row: typeof hostCredentialReveals.$inferInsert): Promise<void> {
  await tx.insert(hostCredentialReveals).values(row);
}
