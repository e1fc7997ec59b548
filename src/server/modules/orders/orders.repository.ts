import { and, asc, count, desc, eq, gt, gte, lt, or, Param, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { keysOf, pageLimitOf, pageShapeOf, preparedQueryByShape, valueFor } from '../../db/prepared';
import { selectValues } from '../../db/values';
import { orderCounts, orderDaySequences, orderDetails, orderLogs, orders, paymentCallbacks } from '../../db/schema';
import { orderStatus, paymentType } from '../../../shared/orders';

export type OrderRow = typeof orders.$inferSelect;

/** What an order list shows of each order, and pages by: the rest of the row stays in the database. */
const summaryColumns = {
  id: orders.id,
  status: orders.status,
  paymentType: orders.paymentType,
  totalMinor: orders.totalMinor,
  pointsTenths: orders.pointsTenths,
  bonusTenths: orders.bonusTenths,
  companyName: orders.companyName,
  createdBy: orders.createdBy,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
};
export type OrderSummaryRow = Pick<OrderRow, keyof typeof summaryColumns>;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderDetailRow = typeof orderDetails.$inferSelect;
export type OrderLogRow = typeof orderLogs.$inferSelect;

/**
 * The next number of `day` (YYYYMMDD): one upsert, which takes the day's row lock, so concurrent
 * placements get 1, 2, 3... and never the same number (no 'max + 1').
 */
export async function nextDaySequence(tx: Executor, day: string): Promise<number> {
  const [row] = await tx
    .insert(orderDaySequences)
    .values({ day, last: 1 })
    .onConflictDoUpdate({ target: orderDaySequences.day, set: { last: sql`${orderDaySequences.last} + 1` } })
    .returning({ last: orderDaySequences.last });
  return row!.last;
}

export async function findOrderByIdempotencyKey(db: Executor, userId: string, key: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.createdBy, userId), eq(orders.idempotencyKey, key)));
  return row;
}

export async function insertOrder(tx: Executor, values: NewOrderRow): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  return row!;
}

export async function insertOrderDetails(tx: Executor, rows: Array<typeof orderDetails.$inferInsert>): Promise<void> {
  await tx.insert(orderDetails).values(rows);
}

export async function insertOrderLog(tx: Executor, values: typeof orderLogs.$inferInsert): Promise<void> {
  await tx.insert(orderLogs).values(values);
}

export async function findOrderById(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** The order, row-locked until the transaction ends: two staff acting at once take turns. */
export async function lockOrder(tx: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

export async function updateOrderRow(tx: Executor, id: string, values: Partial<NewOrderRow>): Promise<OrderRow> {
  const [row] = await tx.update(orders).set(values).where(eq(orders.id, id)).returning();
  return row!;
}

export function findOrderDetails(db: Executor, orderId: string): Promise<OrderDetailRow[]> {
  return db.select().from(orderDetails).where(eq(orderDetails.orderId, orderId)).orderBy(asc(orderDetails.packageId));
}

export function findOrderLogs(db: Executor, orderId: string): Promise<OrderLogRow[]> {
  return db.select().from(orderLogs).where(eq(orderLogs.orderId, orderId)).orderBy(asc(orderLogs.id));
}

export interface OrderFilter {
  groupId?: string;
  status?: number;
  /** Inclusive lower and exclusive upper bound of the creation time. */
  createdFrom?: Date;
  createdBefore?: Date;
}

/** Which filters are set: their values themselves, or `true` for a prepared query's placeholders. */
type Present = { [Key in keyof OrderFilter]?: unknown };
/** How a query takes a filter's value: as it is, or as a placeholder of a prepared query. */
type ValueOf = (key: keyof OrderFilter, column: AnyColumn) => Param;
const literally =
  (filter: OrderFilter): ValueOf =>
  (key, column) =>
    new Param(filter[key], column);

function whereOf(filter: Present, value: ValueOf): SQL | undefined {
  return and(
    filter.groupId === undefined ? undefined : eq(orders.groupId, value('groupId', orders.groupId)),
    filter.status === undefined ? undefined : eq(orders.status, value('status', orders.status)),
    filter.createdFrom === undefined ? undefined : gte(orders.createdAt, value('createdFrom', orders.createdAt)),
    filter.createdBefore === undefined ? undefined : lt(orders.createdAt, value('createdBefore', orders.createdAt)),
  );
}

type Bound = Pick<OrderRow, 'createdAt' | 'id'>;

/** The filters and page bounds of a list page, in the order of their bits in the page query's shape. */
const PAGE_KEYS = ['groupId', 'status', 'createdFrom', 'createdBefore', 'olderThan', 'newerThan'] as const;
type PageShape = Present & { olderThan?: unknown; newerThan?: unknown };

/**
 * The order lists (a member's, the back office's) are among the busiest pages: their query is built
 * once per shape of filters and bound and step of its limit (the bits above PAGE_KEYS'). Newer
 * orders are read oldest first from the bound, so that the limit keeps those next to it (the caller
 * turns them round).
 */
const pageQuery = preparedQueryByShape('orders_page', (shape) => {
  const filter: PageShape = keysOf(shape, PAGE_KEYS);
  const limit = pageLimitOf(shape, PAGE_KEYS);
  const newer = Boolean(filter.newerThan);
  const [beyond, direction] = newer ? [gt, asc] : [lt, desc];
  const bounded = filter.olderThan ?? filter.newerThan;
  const keyset = bounded
    ? or(beyond(orders.createdAt, valueFor('boundAt', orders.createdAt)), and(eq(orders.createdAt, valueFor('boundAt', orders.createdAt)), beyond(orders.id, valueFor('boundId', orders.id))))
    : undefined;
  return (db) =>
    db
      .select({ ...summaryColumns, total: countOf(filter, valueFor) })
      .from(orders)
      .where(and(whereOf(filter, valueFor), keyset))
      .orderBy(direction(orders.createdAt), direction(orders.id))
      .limit(limit);
});

/**
 * Up to `limit` orders newest first, by keyset (an index range, never an offset): the newest, or
 * those just older than `olderThan`, or those just newer than `newerThan`; the count of the whole
 * filter comes with them, in the same statement (a second one only when the page is empty).
 */
export async function findOrders(db: Executor, filter: OrderFilter, page: { limit: number; olderThan?: Bound; newerThan?: Bound }) {
  const newer = Boolean(page.newerThan && !page.olderThan);
  const bound = newer ? page.newerThan : page.olderThan;
  const shape: PageShape = { ...filter, ...(newer ? { newerThan: bound } : { olderThan: bound }) };
  const found = await pageQuery(pageShapeOf(shape, PAGE_KEYS, page.limit), db, { ...filter, boundAt: bound?.createdAt, boundId: bound?.id });
  const rows = found.slice(0, page.limit).map(({ total: _total, ...row }) => row);
  const counted = found[0]?.total ?? (await selectValues(db, { total: countOf(filter, literally(filter)) })).total;
  return { rows: newer ? rows.reverse() : rows, total: counted };
}

/** Virtual-account orders still without their account (status 2), placed before `placedBefore`, oldest first. */
export function ordersAwaitingVirtualAccount(db: Executor, placedBefore: Date, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, orderStatus.paymentMethodNotChosen), eq(orders.paymentType, paymentType.virtualAccount), lt(orders.createdAt, placedBefore)))
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}

/** Virtual-account orders awaiting payment (status 10) whose account's deadline passed before `deadlineBefore`, oldest first. */
export function ordersPastVirtualAccountDeadline(db: Executor, deadlineBefore: Date, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, orderStatus.awaitingPayment), eq(orders.paymentType, paymentType.virtualAccount), lt(orders.vaccExpiresAt, deadlineBefore)))
    .orderBy(asc(orders.vaccExpiresAt))
    .limit(limit);
}

/** A group's latest orders, whole (their document keys included), newest first. */
export async function findLatestOrdersOfGroup(db: Executor, groupId: string, limit: number): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.groupId, groupId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit);
}

/**
 * How many orders match, as a scalar subquery: by group and status from the counts the triggers keep
 * (a few rows, not every order); a date range counts the orders in it through the creation-time index.
 */
function countOf(filter: Present, value: ValueOf): SQL<number> {
  if (filter.createdFrom !== undefined || filter.createdBefore !== undefined) {
    return sql<number>`(select count(*)::integer from ${orders} where ${whereOf(filter, value) ?? sql`true`})`.mapWith(Number);
  }
  const counted = and(
    filter.groupId === undefined ? undefined : eq(orderCounts.groupId, value('groupId', orderCounts.groupId)),
    filter.status === undefined ? undefined : eq(orderCounts.status, value('status', orderCounts.status)),
  );
  return sql<number>`(select coalesce(sum(${orderCounts.total}), 0)::integer from ${orderCounts} where ${counted ?? sql`true`})`.mapWith(Number);
}

export async function countOrders(db: Executor): Promise<number> {
  const [total] = await db.select({ value: count() }).from(orders);
  return total?.value ?? 0;
}

/** One batch of the export after order id `afterId`: ids sort by Taipei day and daily number, so keyset paging on the key keeps each batch cheap and the file in order. */
export function findOrdersAfter(db: Executor, filter: OrderFilter, afterId: string | undefined, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(whereOf(filter, literally(filter)), afterId === undefined ? undefined : gt(orders.id, afterId)))
    .orderBy(asc(orders.id))
    .limit(limit);
}

export type PaymentCallbackRow = typeof paymentCallbacks.$inferSelect;

/** Records a callback's trade number, with what the provider reported, once; false when it was recorded before (a replay). */
export async function claimPaymentCallback(db: Executor, values: typeof paymentCallbacks.$inferInsert): Promise<boolean> {
  const rows = await db.insert(paymentCallbacks).values(values).onConflictDoNothing({ target: paymentCallbacks.tradeNo }).returning({ tradeNo: paymentCallbacks.tradeNo });
  return rows.length === 1;
}

export async function setPaymentCallbackOutcome(db: Executor, tradeNo: string, outcome: string): Promise<void> {
  await db.update(paymentCallbacks).set({ outcome }).where(eq(paymentCallbacks.tradeNo, tradeNo));
}

/** The callbacks the provider sent about an order, in the order they came. */
export function findPaymentCallbacksOfOrder(db: Executor, orderId: string): Promise<PaymentCallbackRow[]> {
  return db.select().from(paymentCallbacks).where(eq(paymentCallbacks.orderId, orderId)).orderBy(asc(paymentCallbacks.receivedAt), asc(paymentCallbacks.tradeNo));
}
