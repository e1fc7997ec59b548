import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { securitySettings } from '../../db/schema';

export type SecuritySettingsRow = typeof securitySettings.$inferSelect;

export async function findSecuritySettings(db: Executor): Promise<SecuritySettingsRow | undefined> {
  const [row] = await db.select().from(securitySettings).where(eq(securitySettings.id, 1));
  return row;
}

export async function saveSecuritySettings(db: Executor, values: Omit<typeof securitySettings.$inferInsert, 'id'>): Promise<SecuritySettingsRow> {
  const [row] = await db
    .insert(securitySettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: securitySettings.id, set: values })
    .returning();
  return row!;
}
