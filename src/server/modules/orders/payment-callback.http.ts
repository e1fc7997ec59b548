import express, { type Router } from 'express';
import type { Deps } from '../../deps';
import { handlePaymentCallback, type CallbackOutcome } from './order-payment.service';
import { SIGNATURE_HEADER } from './payment-provider';

/**
 * The answer the provider gets for each outcome: only a forged or malformed callback is an error to
 * it (and 404 when no provider is configured here); the rest are received and settled. A failure
 * while applying one is a 500, and the provider's retry is processed again.
 */
const statusOf: Record<CallbackOutcome, number> = { paid: 200, replayed: 200, late: 200, mismatch: 200, conflict: 200, unknownOrder: 200, forged: 401, malformed: 400, noProvider: 404 };

/** POST /payment-callback/newebpay: the payment provider's callback, read as raw bytes so the signature covers exactly what was sent. */
export function paymentCallbackRoutes(deps: Deps): Router {
  const routes = express.Router();
  routes.post('/newebpay', express.raw({ type: () => true, limit: '16kb' }), async (req, res) => {
    try {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const outcome = await handlePaymentCallback(deps, body, req.header(SIGNATURE_HEADER));
      res.status(statusOf[outcome]).json({ outcome });
    } catch (error) {
      req.log.error({ err: error }, 'payment callback failed');
      res.status(500).json({ outcome: 'error' });
    }
  });
  return routes;
}
