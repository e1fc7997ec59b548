import { randomBytes } from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import { addEmulatedCouponsIfNone } from './demo-coupons';
import { emulatedCoupons } from './schema';

/**
 * The shop emulator: the three coupon calls of the shop's WooCommerce-style REST API (spec section
 * 7) over HTTP, with Basic authentication by consumer key and secret, decimal-string amounts and the
 * X-WP-Total headers of a real shop. Used when no SHOP_URL is configured.
 */

export interface ShopEmulatorOptions {
  db: Db;
  consumerKey: string;
  consumerSecret: string;
  log: Logger;
}

const amount = z.string().regex(/^\d{1,9}(\.\d{1,2})?$/);
const expires = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2})?$/)
  .nullable()
  .optional();
const updateBody = z.object({ amount: amount.optional(), date_expires: expires });
const smartCouponBody = z.object({ discount_type: z.literal('smart_coupon'), amount, email_restrictions: z.array(z.email()).min(1), date_expires: expires });

const toMinor = (value: string) => {
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};
const toDecimal = (minor: number) => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

type CouponRow = typeof emulatedCoupons.$inferSelect;
function asWoo(row: CouponRow) {
  return {
    id: row.id,
    code: row.code,
    discount_type: row.discountType,
    amount: toDecimal(row.amountMinor),
    email_restrictions: row.emailRestrictions,
    date_expires: row.dateExpires,
    date_modified_gmt: row.modifiedAt.toISOString().slice(0, 19),
    usage_count: row.usageCount,
  };
}

export function createShopEmulatorRouter(options: ShopEmulatorOptions): Router {
  const router = express.Router();
  router.use(express.json({ limit: '64kb' }));
  const expected = `Basic ${Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString('base64')}`;
  // Like a shop that has been open a while, it holds a few coupons: added on the first call when it holds none.
  let stocked: Promise<void> | undefined;
  router.use((req, res, next) => {
    stocked ??= addEmulatedCouponsIfNone(options.db).catch((error: unknown) => {
      stocked = undefined;
      throw error;
    });
    stocked.then(() => next(), next);
  });
  router.use((req, res, next) => {
    if (req.header('authorization') !== expected) {
      res.status(401).json({ code: 'woocommerce_rest_cannot_view', message: 'Sorry, you cannot list resources.', data: { status: 401 } });
      return;
    }
    next();
  });

  function handle(work: (req: Request, res: Response) => Promise<void>) {
    return async (req: Request, res: Response) => {
      try {
        await work(req, res);
      } catch (error) {
        options.log.error({ err: error, path: req.path }, 'shop emulator failed');
        res.status(500).json({ code: 'internal_error', message: 'emulator error', data: { status: 500 } });
      }
    };
  }
  const invalid = (res: Response, message: string) => res.status(400).json({ code: 'rest_invalid_param', message, data: { status: 400 } });

  router.get(
    '/wp-json/wc/v3/coupons',
    handle(async (req, res) => {
      const page = Math.max(1, Number(req.query.page) || 1);
      const perPage = Math.min(100, Math.max(1, Number(req.query.per_page) || 10));
      const [total] = await options.db.select({ value: count() }).from(emulatedCoupons);
      const rows = await options.db.select().from(emulatedCoupons).orderBy(desc(emulatedCoupons.createdAt), desc(emulatedCoupons.id)).limit(perPage).offset((page - 1) * perPage);
      res.setHeader('X-WP-Total', String(total?.value ?? 0));
      res.setHeader('X-WP-TotalPages', String(Math.max(1, Math.ceil((total?.value ?? 0) / perPage))));
      res.json(rows.map(asWoo));
    }),
  );

  router.put(
    '/wp-json/wc/v3/coupons/:id',
    handle(async (req, res) => {
      const parsed = updateBody.safeParse(req.body);
      if (!parsed.success) return void invalid(res, z.prettifyError(parsed.error));
      const id = Number(req.params.id);
      const change: Partial<typeof emulatedCoupons.$inferInsert> = { modifiedAt: new Date() };
      if (parsed.data.amount !== undefined) change.amountMinor = toMinor(parsed.data.amount);
      if (parsed.data.date_expires !== undefined) change.dateExpires = parsed.data.date_expires;
      const [row] = Number.isInteger(id) && id > 0 ? await options.db.update(emulatedCoupons).set(change).where(eq(emulatedCoupons.id, id)).returning() : [];
      if (!row) return void res.status(404).json({ code: 'woocommerce_rest_shop_coupon_invalid_id', message: 'Invalid ID.', data: { status: 404 } });
      res.json(asWoo(row));
    }),
  );

  router.post(
    '/wp-json/wc/v3/sc/coupons',
    handle(async (req, res) => {
      const parsed = smartCouponBody.safeParse(req.body);
      if (!parsed.success) return void invalid(res, z.prettifyError(parsed.error));
      const code = `sc-${randomBytes(5).toString('hex')}`;
      const [row] = await options.db
        .insert(emulatedCoupons)
        .values({ code, discountType: 'smart_coupon', amountMinor: toMinor(parsed.data.amount), emailRestrictions: parsed.data.email_restrictions, dateExpires: parsed.data.date_expires ?? null })
        .returning();
      res.status(201).json(asWoo(row!));
    }),
  );
  return router;
}
