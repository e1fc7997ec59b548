import { isLanguage } from '../../../shared/languages';
import { startOfTaipeiDay } from '../../../shared/money';
import { memberOrderListInput, staffOrderListInput, type MemberOrderListInput, type OrderDetail, type OrderSummary, type StaffOrderListInput } from '../../../shared/orders';
import { providerPaymentOutcomes, type ProviderPaymentOutcome, type StaffOrderDetail } from '../../../shared/order-payments';
import { findTransition, staffActionsFrom } from '../../../shared/order-transitions';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { documentsOf } from './order-files.service';
import {
  findLatestOrdersOfGroup,
  findOrderById,
  findOrderDetails,
  findOrderLogs,
  findOrders,
  findPaymentCallbacksOfOrder,
  type OrderFilter,
  type OrderRow,
  type OrderSummaryRow,
  type PaymentCallbackRow,
} from './orders.repository';

export function toOrderSummary(row: OrderSummaryRow): OrderSummary {
  return {
    id: row.id,
    status: row.status,
    paymentType: row.paymentType as OrderSummary['paymentType'],
    totalMinor: row.totalMinor,
    pointsTenths: row.pointsTenths,
    bonusTenths: row.bonusTenths,
    companyName: row.companyName,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

type Viewer = 'member' | 'staff';

async function orderDetail(deps: Pick<Deps, 'db'>, row: OrderRow, viewer: Viewer): Promise<OrderDetail> {
  const [details, logs] = await Promise.all([findOrderDetails(deps.db, row.id), findOrderLogs(deps.db, row.id)]);
  const actions =
    viewer === 'staff'
      ? staffActionsFrom(row.status).map(({ action, to }) => ({ action, to }))
      : findTransition('cancel', row.status)?.actors.includes('member')
        ? [{ action: 'cancel' as const, to: findTransition('cancel', row.status)!.to }]
        : [];
  return {
    ...toOrderSummary(row),
    groupId: row.groupId,
    language: isLanguage(row.language) ? row.language : 'zh-TW',
    invoiceType: row.invoiceType as OrderDetail['invoiceType'],
    invoiceCompanyName: row.invoiceCompanyName,
    invoiceTaxId: row.invoiceTaxId,
    remark: row.remark,
    accountDigits: row.accountDigits,
    paymentTime: row.paymentTime,
    virtualAccount: row.vaccAccount && row.vaccBankCode && row.vaccExpiresAt ? { bankCode: row.vaccBankCode, account: row.vaccAccount, expiresAt: row.vaccExpiresAt } : null,
    items: details.map((detail) => ({
      packageId: detail.packageId,
      names: detail.names,
      quantity: detail.quantity,
      unitPriceMinor: detail.unitPriceMinor,
      unitPointsTenths: detail.unitPointsTenths,
      subtotalMinor: detail.unitPriceMinor * detail.quantity,
    })),
    log: logs.map((log) => ({ from: log.origStatus, to: log.chgStatus, actorKind: log.actorKind as OrderDetail['log'][number]['actorKind'], actorName: log.actorName, at: log.createdAt })),
    documents: documentsOf(row),
    actions,
  };
}

/**
 * One page of a list and the cursors of its neighbours. A cursor is an order id; one that names no
 * order gives the first page. One order more than the page is read to tell whether another follows.
 */
async function orderPage(deps: Pick<Deps, 'db'>, filter: OrderFilter, form: { olderThan?: string; newerThan?: string; pageSize: number }) {
  const cursor = form.olderThan ?? form.newerThan;
  const bound = cursor ? await findOrderById(deps.db, cursor) : undefined;
  const backwards = Boolean(bound && !form.olderThan);
  const { rows, total } = await findOrders(deps.db, filter, { limit: form.pageSize + 1, ...(bound ? (backwards ? { newerThan: bound } : { olderThan: bound }) : {}) });
  const more = rows.length > form.pageSize;
  // Going back, the order read beyond the page is the newest (first); otherwise the oldest (last).
  const page = backwards ? rows.slice(more ? 1 : 0) : rows.slice(0, form.pageSize);
  const newer = backwards ? (more ? page[0]?.id : undefined) : bound ? page[0]?.id : undefined;
  const older = backwards ? page.at(-1)?.id : more ? page.at(-1)?.id : undefined;
  return { items: page.map(toOrderSummary), total, newer: newer ?? null, older: older ?? null };
}

/** The orders of the signed-in member's group (`groupId`, from their checked session), newest first (/member-order). */
export async function memberOrders(deps: Pick<Deps, 'db'>, groupId: string, form: MemberOrderListInput) {
  const { pageSize, olderThan, newerThan } = memberOrderListInput.parse(form);
  return orderPage(deps, { groupId }, { pageSize, olderThan, newerThan });
}

/** One order of the member's group; another group's order is NotFound. */
export async function memberOrder(deps: Pick<Deps, 'db'>, groupId: string, orderId: string): Promise<OrderDetail> {
  const row = await findOrderById(deps.db, orderId);
  if (!row || row.groupId !== groupId) throw new AppError('NotFound');
  return orderDetail(deps, row, 'member');
}

/** Taipei days (YYYY-MM-DD, inclusive) as a creation-time range. */
export function dayRange(from?: string, to?: string): Pick<OrderFilter, 'createdFrom' | 'createdBefore'> {
  return {
    createdFrom: from ? startOfTaipeiDay(from) : undefined,
    createdBefore: to ? new Date(startOfTaipeiDay(to).getTime() + 86_400_000) : undefined,
  };
}

export async function staffOrders(deps: Pick<Deps, 'db'>, form: StaffOrderListInput) {
  const { status, from, to, pageSize, olderThan, newerThan } = staffOrderListInput.parse(form);
  return orderPage(deps, { status, ...dayRange(from, to) }, { pageSize, olderThan, newerThan });
}

const isProviderPaymentOutcome = (outcome: string): outcome is ProviderPaymentOutcome => (providerPaymentOutcomes as readonly string[]).includes(outcome);

/** The payments the provider reported for an order, each with what became of it. */
function providerPaymentsOf(callbacks: PaymentCallbackRow[]): StaffOrderDetail['providerPayments'] {
  return callbacks.flatMap(({ tradeNo, amountMinor, account, paidAt, outcome }) => (isProviderPaymentOutcome(outcome) ? [{ tradeNo, amountMinor, account, paidAt, outcome }] : []));
}

/** One order in the back office, with the payments the provider reported for it (applied or not). */
export async function staffOrder(deps: Pick<Deps, 'db'>, orderId: string): Promise<StaffOrderDetail> {
  const row = await findOrderById(deps.db, orderId);
  if (!row) throw new AppError('NotFound');
  const [detail, callbacks] = await Promise.all([orderDetail(deps, row, 'staff'), findPaymentCallbacksOfOrder(deps.db, row.id)]);
  return { ...detail, providerPayments: providerPaymentsOf(callbacks) };
}

/** A group's latest orders (the back office's group page), newest first. */
export async function groupOrders(deps: Pick<Deps, 'db'>, groupId: string, limit: number): Promise<OrderSummary[]> {
  const { rows } = await findOrders(deps.db, { groupId }, { limit });
  return rows.map(toOrderSummary);
}

/** The documents of the member's group's 50 latest orders (/download). */
export async function memberDocuments(deps: Pick<Deps, 'db'>, groupId: string) {
  const rows = await findLatestOrdersOfGroup(deps.db, groupId, 50);
  return rows.map((row) => ({ orderId: row.id, createdAt: row.createdAt, status: row.status, documents: documentsOf(row) }));
}
