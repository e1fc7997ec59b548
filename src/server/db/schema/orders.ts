import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Language } from '../../../shared/languages';
import { orderStatus } from '../../../shared/orders';
import { groups, users } from './accounts';
import { pointPackages } from './packages';

/**
 * Order (spec section 3 'Order'): money in minor units, points in tenths; status orderStatus.
 * `idempotency_key` is unique per member, so a retried placement finds the order it made.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    idempotencyKey: uuid('idempotency_key').notNull(),
    status: smallint('status').notNull().default(orderStatus.awaitingConfirmation),
    paymentType: text('payment_type').notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    pointsTenths: integer('points_tenths').notNull(),
    bonusTenths: integer('bonus_tenths').notNull(),
    /** The group's company name when the order was placed: the quotation's buyer. */
    companyName: text('company_name').notNull(),
    remark: text('remark').notNull().default(''),
    language: text('language').notNull().default('zh-TW'),
    invoiceType: text('invoice_type').notNull(),
    invoiceCompanyName: text('invoice_company_name').notNull().default(''),
    invoiceTaxId: text('invoice_tax_id').notNull().default(''),
    /** Last 5 digits of the paying account (spec 'account_number'). */
    accountDigits: text('account_digits'),
    paymentTime: timestamp('payment_time', { withTimezone: true }),
    /** Stored files, keys of the storage module by category (spec '{kind}_url'). */
    quotationKey: text('quotation_key'),
    signedQuotationKey: text('signed_quotation_key'),
    remittanceKey: text('remittance_key'),
    invoiceKey: text('invoice_key'),
    vaccBankCode: text('vacc_bank_code'),
    vaccAccount: text('vacc_account'),
    vaccExpiresAt: timestamp('vacc_expires_at', { withTimezone: true }),
    modifiedBy: text('modified_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('orders_id_format', sql`${table.id} ~ '^M[0-9]{12}$'`),
    check('orders_status_check', sql`${table.status} in (0, 1, 2, 10, 15, 20, 98, 99)`),
    check('orders_payment_type_check', sql`${table.paymentType} in ('REMITTANCE', 'NEWEBPAY_VACC', 'NONE')`),
    check('orders_invoice_type_check', sql`${table.invoiceType} in ('PERSONAL', 'COMPANY')`),
    check('orders_amounts_check', sql`${table.totalMinor} >= 0 and ${table.pointsTenths} > 0 and ${table.bonusTenths} >= 0`),
    check('orders_account_digits_check', sql`${table.accountDigits} ~ '^[0-9]{5}$'`),
    uniqueIndex('orders_idempotency_idx').on(table.createdBy, table.idempotencyKey),
    uniqueIndex('orders_vacc_account_idx').on(table.vaccAccount),
    index('orders_group_created_idx').on(table.groupId, table.createdAt),
    index('orders_status_created_idx').on(table.status, table.createdAt),
    index('orders_created_idx').on(table.createdAt, table.id),
  ],
);

/**
 * Orders per group and status, kept by triggers on `orders` (migration 0022) in the same statement
 * as any insert, status change or delete, so that an order list counts its pages without scanning
 * every order.
 */
export const orderCounts = pgTable(
  'order_counts',
  {
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id),
    status: smallint('status').notNull(),
    total: integer('total').notNull(),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.status] }), check('order_counts_total_check', sql`${table.total} >= 0`)],
);

/** Order detail (spec section 3): one row per package, with the price and points it was sold at. */
export const orderDetails = pgTable(
  'order_details',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    packageId: integer('package_id')
      .notNull()
      .references(() => pointPackages.id),
    /** The package's names when it was sold: the order keeps showing what was bought. */
    names: jsonb('names').$type<Record<Language, string>>().notNull(),
    /** The package's project type when it was sold: its points go to this type when the order is enabled. */
    projectType: smallint('project_type').notNull().default(9),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    unitPointsTenths: integer('unit_points_tenths').notNull(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.packageId] }), check('order_details_quantity_check', sql`${table.quantity} > 0`)],
);

/** Order log (spec section 3): every creation (no old status) and change, with who acted. */
export const orderLogs = pgTable(
  'order_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    origStatus: smallint('orig_status'),
    chgStatus: smallint('chg_status').notNull(),
    actorKind: text('actor_kind').notNull(),
    /** The member's or staff member's id; the provider or job name otherwise. */
    actorId: text('actor_id').notNull(),
    /** The name shown in the log, as it was when they acted. */
    actorName: text('actor_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('order_logs_actor_kind_check', sql`${table.actorKind} in ('member', 'staff', 'provider', 'system')`),
    index('order_logs_order_idx').on(table.orderId, table.id),
  ],
);

/** The last order number of each Taipei day: one row per day, incremented under its row lock. */
export const orderDaySequences = pgTable('order_day_sequences', {
  day: text('day').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * Payment-provider callbacks by the provider's trade number: a replayed callback finds its row and
 * changes nothing. `outcome` says what the callback did (paid, late, mismatch, conflict,
 * unknownOrder); the amount, account and payment time are what the provider reported, kept so that
 * staff can see money taken but not applied (null on rows written before migration 0031).
 */
export const paymentCallbacks = pgTable(
  'payment_callbacks',
  {
    tradeNo: text('trade_no').primaryKey(),
    orderId: text('order_id').notNull(),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    account: text('account'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [index('payment_callbacks_order_idx').on(table.orderId, table.receivedAt)],
);
