import { isLanguage } from '../../../shared/languages';
import { startOfTaipeiDay } from '../../../shared/money';
import {
  findTransition,
  memberOrderListInput,
  staffActionsFrom,
  staffOrderListInput,
  type OrderDetail,
  type OrderSummary,
  type StaffOrderListInput,
} from '../../../shared/orders';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { documentsOf } from './order-files.service';
import { findOrderById, findOrderDetails, findOrderLogs, findOrders, type OrderFilter, type OrderRow } from './orders.repository';

export function toOrderSummary(row: OrderRow): OrderSummary {
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

/** The orders of the signed-in member's group (`groupId`, from their checked session), newest first (/member-order). */
export async function memberOrders(deps: Pick<Deps, 'db'>, groupId: string, form: { page?: number; pageSize?: number }) {
  const { page, pageSize } = memberOrderListInput.parse(form);
  const { rows, total } = await findOrders(deps.db, { groupId }, { limit: pageSize, offset: (page - 1) * pageSize });
  return { items: rows.map(toOrderSummary), total, page, pageSize };
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
  const { status, from, to, page, pageSize } = staffOrderListInput.parse(form);
  const { rows, total } = await findOrders(deps.db, { status, ...dayRange(from, to) }, { limit: pageSize, offset: (page - 1) * pageSize });
  return { items: rows.map(toOrderSummary), total, page, pageSize };
}

export async function staffOrder(deps: Pick<Deps, 'db'>, orderId: string): Promise<OrderDetail> {
  const row = await findOrderById(deps.db, orderId);
  if (!row) throw new AppError('NotFound');
  return orderDetail(deps, row, 'staff');
}

/** A group's latest orders (the back office's group page), newest first. */
export async function groupOrders(deps: Pick<Deps, 'db'>, groupId: string, limit: number): Promise<OrderSummary[]> {
  const { rows } = await findOrders(deps.db, { groupId }, { limit, offset: 0 });
  return rows.map(toOrderSummary);
}

/** The documents of the member's group's 50 latest orders (/download). */
export async function memberDocuments(deps: Pick<Deps, 'db'>, groupId: string) {
  const { rows } = await findOrders(deps.db, { groupId }, { limit: 50, offset: 0 });
  return rows.map((row) => ({ orderId: row.id, createdAt: row.createdAt, status: row.status, documents: documentsOf(row) }));
}
