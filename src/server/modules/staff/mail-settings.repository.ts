import type { Executor } from '../../db/client';
import { mailSettings } from '../../db/schema';

export type MailSettingsRow = typeof mailSettings.$inferSelect;

export async function findMailSettings(db: Executor): Promise<MailSettingsRow | undefined> {
  const [row] = await db.select().from(mailSettings);
  return row;
}

export async function lockMailSettings(tx: Executor): Promise<MailSettingsRow | undefined> {
  const [row] = await tx.select().from(mailSettings).for('update');
  return row;
}

export async function saveMailSettings(tx: Executor, values: Omit<typeof mailSettings.$inferInsert, 'id'>): Promise<MailSettingsRow> {
  const [row] = await tx.insert(mailSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: mailSettings.id, set: values }).returning();
  return row!;
}
