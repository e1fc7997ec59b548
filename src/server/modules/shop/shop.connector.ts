import { z } from 'zod';
import { decimalToMinor, minorToDecimal, type Coupon } from '../../../shared/shop';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';

/**
 * The client of the shop's WooCommerce-style REST API (spec section 7): list coupons, change one's
 * amount and expiry, and create a smart coupon restricted to e-mail addresses. HTTP Basic with the
 * consumer key and secret; every reply parsed with zod. Any failure (network, time-out, an HTTP
 * error, a reply of the wrong shape) is ShopApiException for staff, logged without the keys.
 */
export interface ShopConnector {
  readonly mode: 'emulator' | 'remote';
  listCoupons(query: { page: number; perPage: number }): Promise<{ items: Coupon[]; totalPages: number }>;
  updateCoupon(id: number, change: { amountMinor: number; expiresOn: string | null }): Promise<Coupon>;
  createSmartCoupon(coupon: { amountMinor: number; emails: string[]; expiresOn: string | null }): Promise<Coupon>;
}

export interface ShopConnectorOptions {
  mode: 'emulator' | 'remote';
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  timeoutMs: number;
  log: Logger;
}

const money = z.string().regex(/^\d+(\.\d{1,2})?$/);
const wooDate = z.string().nullable().optional();
const wooCoupon = z.object({
  id: z.number().int(),
  code: z.string(),
  discount_type: z.string(),
  amount: money,
  email_restrictions: z.array(z.string()).default([]),
  date_expires: wooDate,
  date_modified_gmt: wooDate,
  usage_count: z.number().int().default(0),
});

function toCoupon(reply: z.output<typeof wooCoupon>): Coupon {
  return {
    id: reply.id,
    code: reply.code,
    discountType: reply.discount_type,
    amountMinor: decimalToMinor(reply.amount),
    emailRestrictions: reply.email_restrictions,
    expiresOn: reply.date_expires ? reply.date_expires.slice(0, 10) : null,
    usageCount: reply.usage_count,
    modifiedAt: reply.date_modified_gmt ? new Date(`${reply.date_modified_gmt.replace(/Z$/, '')}Z`) : null,
  };
}

/** The shop's expiry is a local date-time; a coupon runs to the end of its last day. */
const expiry = (day: string | null) => (day ? `${day}T23:59:59` : null);

export function createShopConnector(options: ShopConnectorOptions): ShopConnector {
  const authorization = `Basic ${Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString('base64')}`;
  const api = (path: string) => `${options.baseUrl.replace(/\/$/, '')}/wp-json/wc/v3/${path}`;

  async function call<S extends z.ZodType>(method: string, path: string, schema: S, body?: unknown): Promise<{ data: z.output<S>; headers: Headers }> {
    try {
      const response = await fetch(api(path), {
        method,
        headers: { authorization, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (response.status === 404) throw new AppError('NotFound');
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return { data: schema.parse(await response.json()), headers: response.headers };
    } catch (error) {
      if (error instanceof AppError) throw error;
      options.log.warn({ method, path, reason: error instanceof Error ? error.message : String(error) }, 'shop API call failed');
      throw new AppError('ShopApiException');
    }
  }

  return {
    mode: options.mode,
    async listCoupons({ page, perPage }) {
      const { data, headers } = await call('GET', `coupons?page=${page}&per_page=${perPage}&orderby=date&order=desc`, z.array(wooCoupon));
      const totalPages = Number(headers.get('x-wp-totalpages') ?? '1');
      return { items: data.map(toCoupon), totalPages: Number.isInteger(totalPages) && totalPages > 0 ? totalPages : 1 };
    },
    async updateCoupon(id, change) {
      const { data } = await call('PUT', `coupons/${id}`, wooCoupon, { amount: minorToDecimal(change.amountMinor), date_expires: expiry(change.expiresOn) });
      return toCoupon(data);
    },
    async createSmartCoupon(coupon) {
      const { data } = await call('POST', 'sc/coupons', wooCoupon, {
        discount_type: 'smart_coupon',
        amount: minorToDecimal(coupon.amountMinor),
        email_restrictions: coupon.emails,
        date_expires: expiry(coupon.expiresOn),
      });
      return toCoupon(data);
    },
  };
}
