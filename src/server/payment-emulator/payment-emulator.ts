import express, { type Router } from 'express';
import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { SIGNATURE_HEADER, signPayload, type PaymentCallbackBody, type PaymentProvider } from '../modules/orders/payment-provider';

/**
 * A stand-in for the virtual-account payment provider, apart from the product code: it issues an
 * account number per order (bank code 812, the order's digits) and, when told that an account was
 * paid, posts the signed callback to the portal as the provider would. Accounts live in memory.
 * Mounted at /payment-emulator when no PAYMENT_PROVIDER_URL is set outside a deployment (never with
 * NODE_ENV=production: modules/orders/payment.setup.ts): POST /payment-emulator/pay
 * `{account}` pays an account in full (the demo and the browser tests use it).
 */
export interface PaymentEmulator {
  provider: PaymentProvider;
  /** Posts the callback of a payment of `account` to `callbackUrl`; returns the portal's HTTP status. */
  pay(options: { account: string; callbackUrl: string; amountMinor?: number; paidAt?: Date; tradeNo?: string }): Promise<{ status: number; body: PaymentCallbackBody }>;
  router(): Router;
}

export function createPaymentEmulator(options: { key?: string; clock?: () => Date } = {}): PaymentEmulator {
  const key = options.key ?? randomBytes(32).toString('hex');
  const clock = options.clock ?? (() => new Date());
  const accounts = new Map<string, { orderId: string; amountMinor: number }>();

  const emulator: PaymentEmulator = {
    provider: {
      callbackKey: key,
      async issueVirtualAccount(request) {
        const account = `9${request.orderId.slice(1)}`;
        accounts.set(account, { orderId: request.orderId, amountMinor: request.amountMinor });
        return { bankCode: '812', account, expiresAt: request.expiresAt };
      },
    },
    async pay({ account, callbackUrl, amountMinor, paidAt, tradeNo }) {
      const issued = accounts.get(account);
      const body: PaymentCallbackBody = {
        tradeNo: tradeNo ?? `EMU${randomUUID().replaceAll('-', '').slice(0, 16)}`,
        orderId: issued?.orderId ?? `M${account.slice(1)}`,
        account,
        amountMinor: amountMinor ?? issued?.amountMinor ?? 0,
        paidAt: (paidAt ?? clock()).toISOString(),
      };
      const text = JSON.stringify(body);
      const response = await fetch(callbackUrl, { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signPayload(key, text) }, body: text });
      return { status: response.status, body };
    },
    router() {
      const routes = express.Router();
      routes.post('/pay', express.json({ limit: '4kb' }), async (req, res) => {
        const parsed = z.object({ account: z.string().regex(/^\d{10,16}$/), amountMinor: z.number().int().nonnegative().optional() }).safeParse(req.body);
        if (!parsed.success) {
          res.status(400).json({ error: 'account required' });
          return;
        }
        const callbackUrl = `${req.protocol}://${req.get('host')}/payment-callback/newebpay`;
        const result = await emulator.pay({ account: parsed.data.account, amountMinor: parsed.data.amountMinor, callbackUrl });
        res.status(result.status === 200 ? 200 : 409).json({ portalStatus: result.status, tradeNo: result.body.tradeNo });
      });
      return routes;
    },
  };
  return emulator;
}
