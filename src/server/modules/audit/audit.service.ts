import { auditSearchInput, type AuditAction, type AuditPage, type AuditSearchForm } from '../../../shared/audit';
import type { Executor, Tx } from '../../db/client';
import { findAuditRows, insertAuditRow, type AuditRow } from './audit.repository';

export interface StaffActor {
  staffId: string | null;
  staffEmail: string;
  /** The request's client address; null from the CLI. */
  address: string | null;
}

export interface StaffAction extends StaffActor {
  action: AuditAction;
  target: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Records a staff action in the audit log. Takes the transaction of the change itself (never the
 * database), so the row commits and rolls back with it.
 */
export async function recordStaffAction(tx: Tx, entry: StaffAction): Promise<void> {
  await insertAuditRow(tx, {
    staffId: entry.staffId,
    staffEmail: entry.staffEmail,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
    address: entry.address,
  });
}

function toEntry(row: AuditRow): AuditPage['items'][number] {
  return {
    id: row.id,
    staffEmail: row.staffEmail,
    action: row.action as AuditAction,
    target: row.target,
    before: row.before ?? null,
    after: row.after ?? null,
    address: row.address,
    createdAt: row.createdAt,
  };
}

/** The audit search of super staff (the router checks the permission); newest first, one page at a time. */
export async function searchAudit(db: Executor, form: AuditSearchForm): Promise<AuditPage> {
  const { limit, ...filter } = auditSearchInput.parse(form);
  const rows = await findAuditRows(db, { ...filter, staffEmail: filter.staffEmail || undefined, target: filter.target || undefined }, limit + 1);
  const items = rows.slice(0, limit).map(toEntry);
  return { items, nextBefore: rows.length > limit ? items[items.length - 1]!.id : null };
}
