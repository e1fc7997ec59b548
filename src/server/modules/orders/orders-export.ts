import type { Writable } from 'node:stream';
import { formatTaipeiDateTime } from '../../../shared/money';
import { invoiceType, orderExportInput, orderStatusKey, paymentType, type OrderExportForm, type OrderStatusKey } from '../../../shared/orders';
import { writeCsv } from '../../csv';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { dayRange } from './order-queries.service';
import { requireAnyStaffPermission } from '../staff/permissions.service';
import { findOrdersAfter } from './orders.repository';

/** Staff read the export in Excel on Traditional Chinese Windows: headings and words in zh-TW. */
const columns = ['訂單編號', '建立時間', '狀態', '付款方式', '公司名稱', '點數', '贈送點數', '金額 (TWD)', '發票類型', '發票抬頭', '統一編號', '匯款帳號末 5 碼', '付款時間'];
const statusNames: Record<OrderStatusKey, string> = {
  awaitingConfirmation: '訂單待確認',
  complete: '已完成',
  paymentMethodNotChosen: '尚未選擇付款方式',
  awaitingPayment: '待付款',
  awaitingFunds: '待入帳',
  paymentConfirmed: '已確認付款',
  failed: '交易失敗',
  cancelled: '已取消',
};
const paymentNames: Record<string, string> = { [paymentType.remittance]: '匯款', [paymentType.virtualAccount]: '虛擬帳號', [paymentType.none]: '無需付款' };

const BATCH = 500;
const decimal = (value: number, scale: number, digits: number) => (value / scale).toFixed(digits);

/** The CSV's file name for a filter, e.g. orders-2026-11-01-2026-11-30.csv. */
export function ordersCsvName(form: OrderExportForm): string {
  const { from, to } = orderExportInput.parse(form);
  return `orders${from ? `-${from}` : ''}${to ? `-${to}` : ''}.csv`;
}

/**
 * Writes the orders of the filter (status, Taipei days) as CSV to `destination`, streamed
 * (writeCsv): orders are read in batches of 500 by id, Big5 by default or UTF-8 with a byte-order
 * mark, text cells formula-safe. Amounts with 2 decimals, points with 1. Rejects (and destroys the
 * destination) on a failure.
 */
export async function writeOrdersCsv(deps: Pick<Deps, 'db'>, form: OrderExportForm, destination: Writable): Promise<void> {
  const { status, from, to, encoding } = orderExportInput.parse(form);
  const filter = { status, ...dayRange(from, to) };
  async function* rows() {
    let afterId: string | undefined;
    for (;;) {
      const batch = await findOrdersAfter(deps.db, filter, afterId, BATCH);
      for (const order of batch) {
        yield [
          order.id,
          formatTaipeiDateTime(order.createdAt),
          statusNames[orderStatusKey(order.status)],
          paymentNames[order.paymentType] ?? order.paymentType,
          order.companyName,
          decimal(order.pointsTenths, 10, 1),
          decimal(order.bonusTenths, 10, 1),
          decimal(order.totalMinor, 100, 2),
          order.invoiceType === invoiceType.company ? '公司' : '個人',
          order.invoiceCompanyName,
          order.invoiceTaxId,
          order.accountDigits ?? '',
          order.paymentTime ? formatTaipeiDateTime(order.paymentTime) : '',
        ];
      }
      if (batch.length < BATCH) return;
      afterId = batch.at(-1)!.id;
    }
  }
  await writeCsv(rows(), { columns, encoding }, destination);
}

/**
 * The staff export over HTTP: checks the staff member (confirm_order or confirm_payment) and the
 * query before anything is sent, then gives the headers and a writer.
 */
export async function staffOrdersExport(deps: Pick<Deps, 'db'>, staffId: string, query: unknown) {
  await requireAnyStaffPermission(deps.db, staffId, ['confirm_order', 'confirm_payment']);
  const parsed = orderExportInput.safeParse(query);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fieldErrors[issue.path.join('.') || '_'] ??= []).push(issue.message.startsWith('validation.') ? issue.message : 'validation.invalid');
    throw new AppError('InvalidInput', { fieldErrors });
  }
  const form = parsed.data;
  return {
    filename: ordersCsvName(form),
    contentType: `text/csv; charset=${form.encoding === 'big5' ? 'big5' : 'utf-8'}`,
    write: (destination: Writable) => writeOrdersCsv(deps, form, destination),
  };
}
