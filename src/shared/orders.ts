import { keyOf } from './enums';
import { z } from 'zod';
import { languages } from './languages';
import { packageIdField } from './packages';
import { optionalText } from './text';

/**
 * Orders (spec sections 3 and 4): placing, the status machine, remittance and documents. Money is in
 * integer minor units (TWD cents), points in integer tenths. Field messages are `validation` keys.
 */

/** Order status (spec section 4). */
export const orderStatus = {
  awaitingConfirmation: 0,
  complete: 1,
  paymentMethodNotChosen: 2,
  awaitingPayment: 10,
  awaitingFunds: 15,
  paymentConfirmed: 20,
  failed: 98,
  cancelled: 99,
} as const;
export type OrderStatusCode = (typeof orderStatus)[keyof typeof orderStatus];
export const orderStatusCodes = Object.values(orderStatus) as [OrderStatusCode, ...OrderStatusCode[]];
export type OrderStatusKey = keyof typeof orderStatus;

export function orderStatusKey(code: number): OrderStatusKey {
  return keyOf(orderStatus, code) ?? 'awaitingConfirmation';
}

/** Payment types (spec section 3): remittance to us, a payment provider's virtual account, or none. */
export const paymentType = { remittance: 'REMITTANCE', virtualAccount: 'NEWEBPAY_VACC', none: 'NONE' } as const;
export type PaymentTypeCode = (typeof paymentType)[keyof typeof paymentType];
/** What a member can choose on /buy-points (a virtual account only where one can be issued: availablePaymentTypesOutput). */
export const memberPaymentTypes = [paymentType.remittance, paymentType.virtualAccount] as const;
export type MemberPaymentType = (typeof memberPaymentTypes)[number];
/** The payment types a member may choose now: no virtual account in a deployment without a payment provider. */
export const availablePaymentTypesOutput = z.object({ paymentTypes: z.array(z.enum(memberPaymentTypes)) });

export const invoiceType = { personal: 'PERSONAL', company: 'COMPANY' } as const;
export type InvoiceTypeCode = (typeof invoiceType)[keyof typeof invoiceType];

/** Status on creation (spec section 4): 0, 1 for payment type NONE, 2 for a virtual account. */
export function initialOrderStatus(type: PaymentTypeCode): OrderStatusCode {
  if (type === paymentType.none) return orderStatus.complete;
  if (type === paymentType.virtualAccount) return orderStatus.paymentMethodNotChosen;
  return orderStatus.awaitingConfirmation;
}

/** Who changed an order: written to the order log with the change. */
export type OrderActorKind = 'member' | 'staff' | 'provider' | 'system';

export const orderActions = ['confirmOrder', 'cancel', 'confirmPayment', 'enable', 'complete', 'issueVirtualAccount', 'providerPaid', 'expire'] as const;
export type OrderAction = (typeof orderActions)[number];

/** 'M' + YYYYMMDD (Taipei) + three-digit daily sequence + one random digit (spec section 3). */
export const orderIdPattern = /^M\d{8}\d{3}\d$/;
export const orderIdField = z.string().regex(orderIdPattern, { error: 'validation.orders.orderId' });

/** Taiwan's unified business number: 8 digits whose weighted digit sum is a multiple of 5. */
export function isTaiwanTaxId(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const weights = [1, 2, 1, 2, 1, 2, 4, 1];
  const sums = [...value].map((digit, index) => {
    const product = Number(digit) * weights[index]!;
    return Math.floor(product / 10) + (product % 10);
  });
  const total = sums.reduce((sum, value) => sum + value, 0);
  return total % 5 === 0 || (value[6] === '7' && (total + 1) % 5 === 0);
}

/** maxItems: plans in one order; maxLines: lines a request may carry, zero lines included (a bound on the request's size). */
export const orderLimits = { maxQuantity: 100, maxItems: 10, maxLines: 500, remark: 200, companyName: 100 } as const;


export const orderItemInput = z.object({
  packageId: packageIdField,
  quantity: z
    .number({ error: 'validation.orders.quantity' })
    .int({ error: 'validation.orders.quantity' })
    .min(0, { error: 'validation.orders.quantity' })
    .max(orderLimits.maxQuantity, { error: 'validation.orders.quantity' }),
});

export const placeOrderInput = z
  .object({
    /** Lines of quantity 0 are dropped; the cap on plans applies to the chosen lines, not to the plans on sale. */
    items: z.array(orderItemInput, { error: 'validation.orders.selectPlan' }).max(orderLimits.maxLines, { error: 'validation.invalid' }),
    paymentType: z.enum(memberPaymentTypes, { error: 'validation.required' }),
    invoiceType: z.enum([invoiceType.personal, invoiceType.company], { error: 'validation.required' }),
    invoiceCompanyName: optionalText(orderLimits.companyName).default(''),
    invoiceTaxId: z.string().trim().default(''),
    remark: optionalText(orderLimits.remark).default(''),
    /** One key per purchase attempt: a double click or a retried request makes one order. */
    idempotencyKey: z.uuid({ error: 'validation.invalid' }),
  })
  .superRefine((value, ctx) => {
    const chosen = value.items.filter((item) => item.quantity > 0);
    if (chosen.length === 0) ctx.addIssue({ code: 'custom', path: ['items'], message: 'validation.orders.selectPlan' });
    if (chosen.length > orderLimits.maxItems) ctx.addIssue({ code: 'custom', path: ['items'], message: 'validation.invalid' });
    if (new Set(chosen.map((item) => item.packageId)).size !== chosen.length) ctx.addIssue({ code: 'custom', path: ['items'], message: 'validation.invalid' });
    if (value.invoiceType === invoiceType.company) {
      if (!value.invoiceCompanyName) ctx.addIssue({ code: 'custom', path: ['invoiceCompanyName'], message: 'validation.required' });
      if (!value.invoiceTaxId) ctx.addIssue({ code: 'custom', path: ['invoiceTaxId'], message: 'validation.required' });
      else if (!isTaiwanTaxId(value.invoiceTaxId)) ctx.addIssue({ code: 'custom', path: ['invoiceTaxId'], message: 'validation.orders.taxId' });
    }
  })
  .transform((value) => ({
    ...value,
    items: value.items.filter((item) => item.quantity > 0),
    invoiceCompanyName: value.invoiceType === invoiceType.company ? value.invoiceCompanyName : '',
    invoiceTaxId: value.invoiceType === invoiceType.company ? value.invoiceTaxId : '',
  }));
export type PlaceOrderForm = z.input<typeof placeOrderInput>;

export const orderIdInput = z.object({ orderId: orderIdField });

export const confirmPaymentTargets = [orderStatus.paymentConfirmed, orderStatus.awaitingFunds, orderStatus.complete] as const;
export const confirmPaymentInput = z.object({
  orderId: orderIdField,
  to: z.union(confirmPaymentTargets.map((code) => z.literal(code)), { error: 'validation.invalid' }).default(orderStatus.paymentConfirmed),
});
export const enableOrderInput = z.object({
  orderId: orderIdField,
  /** Complete at once (status 1) instead of awaiting receipt of funds (15). */
  complete: z.boolean().default(false),
});

/**
 * A Taipei calendar day of the order filters (list, export, CLI): YYYY-MM-DD in the years 2000 to
 * 9999, so that its start is an instant PostgreSQL takes (year 0000 or 0001 in Taipei is not).
 */
const dateField = z.iso
  .date({ error: 'validation.orders.date' })
  // A malformed day has its message already (the format check): one message per field.
  .refine((value) => !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)) || Number(value.slice(0, 4)) >= 2000, { error: 'validation.orders.date' });

/**
 * A page of an order list, newest first, by keyset: the orders just older than `olderThan` (the
 * next page) or just newer than `newerThan` (the previous one), or the newest without either.
 */
const orderPageFields = {
  olderThan: orderIdField.optional(),
  newerThan: orderIdField.optional(),
  pageSize: z.number().int().min(1).max(100).default(20),
};

export const staffOrderListInput = z
  .object({
    status: z.union(orderStatusCodes.map((code) => z.literal(code)), { error: 'validation.invalid' }).optional(),
    /** Taipei calendar days, inclusive. */
    from: dateField.optional(),
    to: dateField.optional(),
    ...orderPageFields,
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { error: 'validation.dateRange', path: ['to'] });
export type StaffOrderListInput = z.input<typeof staffOrderListInput>;

export const memberOrderListInput = z.object(orderPageFields);
export type MemberOrderListInput = z.input<typeof memberOrderListInput>;

const statusField = z.number().int();

export const orderSummaryOutput = z.object({
  id: z.string(),
  status: statusField,
  paymentType: z.enum([paymentType.remittance, paymentType.virtualAccount, paymentType.none]),
  totalMinor: z.number().int(),
  pointsTenths: z.number().int(),
  bonusTenths: z.number().int(),
  companyName: z.string(),
  createdBy: z.string(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type OrderSummary = z.output<typeof orderSummaryOutput>;

export const orderListOutput = z.object({
  items: z.array(orderSummaryOutput),
  /** Orders of the whole filter, not of this page. */
  total: z.number().int(),
  /** Cursors: `newerThan` of the previous page and `olderThan` of the next, null at either end. */
  newer: orderIdField.nullable(),
  older: orderIdField.nullable(),
});

export const orderDocumentKinds = ['quotation', 'terms', 'signedQuotation', 'remittance', 'invoice'] as const;

export const orderDetailOutput = orderSummaryOutput.extend({
  groupId: z.string(),
  language: z.enum(languages),
  invoiceType: z.enum([invoiceType.personal, invoiceType.company]),
  invoiceCompanyName: z.string(),
  invoiceTaxId: z.string(),
  remark: z.string(),
  accountDigits: z.string().nullable(),
  paymentTime: z.date().nullable(),
  virtualAccount: z.object({ bankCode: z.string(), account: z.string(), expiresAt: z.date() }).nullable(),
  items: z.array(
    z.object({
      packageId: z.number().int(),
      names: z.record(z.enum(languages), z.string()),
      quantity: z.number().int(),
      unitPriceMinor: z.number().int(),
      unitPointsTenths: z.number().int(),
      subtotalMinor: z.number().int(),
    }),
  ),
  log: z.array(
    z.object({
      from: statusField.nullable(),
      to: statusField,
      actorKind: z.enum(['member', 'staff', 'provider', 'system']),
      actorName: z.string(),
      at: z.date(),
    }),
  ),
  documents: z.array(z.object({ kind: z.enum(orderDocumentKinds), available: z.boolean() })),
  /** What the viewer may do now: for a member the cancel button, for staff the transition buttons. */
  actions: z.array(z.object({ action: z.enum(orderActions), to: statusField })),
});
export type OrderDetail = z.output<typeof orderDetailOutput>;

export const placeOrderOutput = z.object({ orderId: z.string(), status: statusField, created: z.boolean() });

/**
 * The last 5 digits of the account the member remitted from (spec 'account_number'). Full-width
 * digits, as a Chinese or Japanese input method types them ('１２３４５'), are the same digits:
 * NFKC makes them ASCII before the check, so they are stored as '12345'.
 */
export const reportRemittanceInput = z.object({
  orderId: orderIdField,
  accountDigits: z.string({ error: 'validation.orders.accountDigits' }).normalize('NFKC').trim().regex(/^\d{5}$/, { error: 'validation.orders.accountDigits' }),
});
export const reportRemittanceOutput = z.object({ orderId: z.string(), accountDigits: z.string() });
export type ReportRemittanceForm = z.input<typeof reportRemittanceInput>;

/** Statuses in which a remittance order still takes the member's report and proof. */
export const remittanceReportStatuses: readonly number[] = [orderStatus.awaitingConfirmation, orderStatus.awaitingPayment];

export type OrderDocumentKind = (typeof orderDocumentKinds)[number];
/** Uploaded order files: images or PDF, checked from their bytes, at most 5 MB. */
export const orderFileLimits = { maxBytes: 5 * 1024 * 1024, types: ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] } as const;

/** The URL segment of each document kind, for /member-files/orders/<id>/<segment> and /admin-files/orders/<id>/<segment>. */
export const orderDocumentSegments: Record<OrderDocumentKind, string> = {
  quotation: 'quotation',
  terms: 'terms',
  signedQuotation: 'signed-quotation',
  remittance: 'remittance',
  invoice: 'invoice',
};
export function orderDocumentKindOf(segment: string): OrderDocumentKind | undefined {
  return orderDocumentKinds.find((kind) => orderDocumentSegments[kind] === segment);
}

export const orderExportEncodings = ['big5', 'utf8'] as const;
export type OrderExportEncoding = (typeof orderExportEncodings)[number];
/** The staff order export: the list's filters and the file's encoding (Big5 for Excel on Traditional Chinese Windows). */
export const orderExportInput = z.object({
  status: z.coerce
    .number({ error: 'validation.invalid' })
    .pipe(z.union(orderStatusCodes.map((code) => z.literal(code)), { error: 'validation.invalid' }))
    .optional(),
  from: dateField.optional(),
  to: dateField.optional(),
  encoding: z.enum(orderExportEncodings, { error: 'validation.invalid' }).default('big5'),
});
export type OrderExportForm = z.input<typeof orderExportInput>;

/** /download: the documents of the group's latest orders. */
export const orderDocumentListOutput = z.array(
  z.object({ orderId: z.string(), createdAt: z.date(), status: statusField, documents: z.array(z.object({ kind: z.enum(orderDocumentKinds), available: z.boolean() })) }),
);
