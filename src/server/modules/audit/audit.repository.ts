import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export async function insertAuditRow(db: Executor, values: NewAuditRow): Promise<AuditRow> {
  const [row] = await db.insert(auditLog).values(values).returning();
  return row!;
}

export interface AuditFilter {
  staffEmail?: string;
  action?: string;
  target?: string;
  from?: Date;
  to?: Date;
  before?: number;
}

/** Rows matching every given filter, newest (highest id) first, `limit` of them. */
export function findAuditRows(db: Executor, filter: AuditFilter, limit: number): Promise<AuditRow[]> {
  const conditions: SQL[] = [];
  if (filter.staffEmail) conditions.push(eq(auditLog.staffEmail, filter.staffEmail));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.target) conditions.push(eq(auditLog.target, filter.target));
  if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) conditions.push(lte(auditLog.createdAt, filter.to));
  if (filter.before) conditions.push(lt(auditLog.id, filter.before));
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
