import {
  orderFileLimits,
  orderStatus,
  paymentType,
  remittanceReportStatuses,
  reportRemittanceInput,
  type OrderDocumentKind,
  type ReportRemittanceForm,
} from '../../../shared/orders';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { userById } from '../accounts/users.service';
import { recordStaffAction } from '../audit/audit.service';
import { fileKey, sniffContentType, type FileCategory } from '../files/storage';
import { requireAnyStaffPermission, requireStaffPermission } from '../staff/permissions.service';
import { languageOf, storeQuotation, termsPdf } from './order-documents.service';
import { findOrderById, lockOrder, updateOrderRow, type OrderRow } from './orders.repository';

/** Who reads or uploads an order's files: a member of the order's group, or staff. */
export type OrderFileViewer = { kind: 'member'; userId: string } | { kind: 'staff'; staffId: string; address?: string | null };

type KeyColumn = 'quotationKey' | 'signedQuotationKey' | 'remittanceKey' | 'invoiceKey';

/** Each document's stored file category (spec section 3) and the order column holding its key. */
const documentStore: Record<Exclude<OrderDocumentKind, 'terms'>, { category: FileCategory; column: KeyColumn }> = {
  quotation: { category: 'orig-quotation', column: 'quotationKey' },
  signedQuotation: { category: 'quotation', column: 'signedQuotationKey' },
  remittance: { category: 'remittance', column: 'remittanceKey' },
  invoice: { category: 'invoice', column: 'invoiceKey' },
};

/** Who may upload which document, and while the order is in which state. */
const uploadRules: Record<'remittance' | 'signedQuotation' | 'invoice', { by: OrderFileViewer['kind']; allowed: (order: OrderRow) => boolean }> = {
  remittance: { by: 'member', allowed: (order) => order.paymentType === paymentType.remittance && remittanceReportStatuses.includes(order.status) },
  signedQuotation: { by: 'member', allowed: (order) => ([orderStatus.awaitingConfirmation, orderStatus.paymentMethodNotChosen, orderStatus.awaitingPayment] as number[]).includes(order.status) },
  invoice: { by: 'staff', allowed: (order) => order.status !== orderStatus.cancelled && order.status !== orderStatus.failed },
};
export type UploadKind = keyof typeof uploadRules;

/**
 * The order, if `viewer` may see it: a member of its group (uploads: the group administrator), or
 * staff holding confirm_order or confirm_payment (uploads: confirm_payment). Another group's order
 * is NotFound, as if it did not exist.
 */
async function orderFor(deps: Pick<Deps, 'db'>, viewer: OrderFileViewer, orderId: string, writing: boolean): Promise<OrderRow> {
  if (viewer.kind === 'staff') {
    if (writing) await requireStaffPermission(deps.db, viewer.staffId, 'confirm_payment');
    else await requireAnyStaffPermission(deps.db, viewer.staffId, ['confirm_order', 'confirm_payment']);
  }
  const order = await findOrderById(deps.db, orderId);
  if (!order) throw new AppError('NotFound');
  if (viewer.kind === 'member') {
    const user = await userById(deps.db, viewer.userId);
    if (!user || user.groupId !== order.groupId) throw new AppError('NotFound');
    if (writing && !user.isGroupAdmin) throw new AppError('Unauthorized', { action: 'uploadOrderFile', reason: 'notGroupAdmin' });
  }
  return order;
}

/** Which documents an order has now: the order page lists them. */
export function documentsOf(order: OrderRow): Array<{ kind: OrderDocumentKind; available: boolean }> {
  return [
    { kind: 'quotation', available: true },
    { kind: 'terms', available: true },
    { kind: 'signedQuotation', available: Boolean(order.signedQuotationKey) },
    { kind: 'remittance', available: Boolean(order.remittanceKey) },
    { kind: 'invoice', available: Boolean(order.invoiceKey) },
  ];
}

/**
 * Stores an uploaded document of an order (an image or a PDF by its bytes, at most 5 MB), replacing
 * an earlier one of the same kind. The order row is locked while its key is written, so the state
 * checked is the state the file is attached in.
 */
export async function uploadOrderFile(deps: Pick<Deps, 'db' | 'clock' | 'storage' | 'log'>, viewer: OrderFileViewer, orderId: string, kind: UploadKind, bytes: Buffer) {
  const rule = uploadRules[kind];
  if (rule.by !== viewer.kind) throw new AppError('Unauthorized', { action: 'uploadOrderFile', reason: 'missingPermission' });
  const order = await orderFor(deps, viewer, orderId, true);
  if (bytes.length === 0 || bytes.length > orderFileLimits.maxBytes) throw new AppError('OutOfRange', { min: 1, max: orderFileLimits.maxBytes });
  const contentType = sniffContentType(bytes);
  if (!contentType) throw new AppError('InvalidParameterType', { variable: kind, expected: orderFileLimits.types.join(', '), current: 'unknown' });
  if (!rule.allowed(order)) throw new AppError('OrderStatusConflict', { status: order.status, action: kind });
  const { category, column } = documentStore[kind];
  const key = fileKey(category, order.id);
  await deps.db.transaction(async (tx) => {
    const current = await lockOrder(tx, order.id);
    if (!current || !rule.allowed(current)) throw new AppError('OrderStatusConflict', { status: current?.status ?? order.status, action: kind });
    await deps.storage.put(key, bytes, { overwrite: true });
    await updateOrderRow(tx, order.id, { [column]: key, updatedAt: deps.clock() });
    if (viewer.kind === 'staff') {
      const member = await requireStaffPermission(tx, viewer.staffId, 'confirm_payment');
      await recordStaffAction(tx, { staffId: member.id, staffEmail: member.email, address: viewer.address ?? null, action: 'order.invoice', target: `order:${order.id}`, after: { key, size: bytes.length } });
    }
  });
  deps.log.info({ orderId: order.id, kind, size: bytes.length }, 'order file uploaded');
  return { kind, contentType, size: bytes.length };
}

/**
 * A document of an order. The quotation (in the order's language) and the terms are rendered on
 * first request and stored (categories orig-quotation and terms), so every later download is the
 * same file; the others are what was uploaded.
 */
export async function readOrderFile(deps: Pick<Deps, 'db' | 'storage' | 'config' | 'clock'>, viewer: OrderFileViewer, orderId: string, kind: OrderDocumentKind): Promise<{ bytes: Buffer; contentType: string }> {
  const order = await orderFor(deps, viewer, orderId, false);
  if (kind === 'terms') return { bytes: await termsPdf(deps, languageOf(order)), contentType: 'application/pdf' };
  if (kind === 'quotation' && !order.quotationKey) return { bytes: await storeQuotation(deps, order), contentType: 'application/pdf' };
  const key = order[documentStore[kind].column];
  const bytes = key ? await deps.storage.get(key) : undefined;
  if (!bytes) throw new AppError('FileNotExist');
  return { bytes, contentType: sniffContentType(bytes) ?? 'application/octet-stream' };
}

/**
 * The member reports the last 5 digits of the account they remitted from, while a remittance order
 * awaits confirmation or payment; a later report replaces the earlier one.
 */
export async function reportRemittance(deps: Pick<Deps, 'db' | 'clock' | 'log'>, userId: string, form: ReportRemittanceForm) {
  const input = reportRemittanceInput.parse(form);
  await orderFor(deps, { kind: 'member', userId }, input.orderId, true);
  const order = await deps.db.transaction(async (tx) => {
    const current = await lockOrder(tx, input.orderId);
    if (!current) throw new AppError('NotFound');
    if (!uploadRules.remittance.allowed(current)) throw new AppError('OrderStatusConflict', { status: current.status, action: 'reportRemittance' });
    return updateOrderRow(tx, current.id, { accountDigits: input.accountDigits, modifiedBy: userId, updatedAt: deps.clock() });
  });
  deps.log.info({ orderId: order.id }, 'remittance reported');
  return { orderId: order.id, accountDigits: input.accountDigits };
}
