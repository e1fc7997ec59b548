import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The virtual-account payment provider (payment type NEWEBPAY_VACC). The portal asks it for an
 * account number per order; the provider calls the portal back (POST /payment-callback/newebpay)
 * when the member pays. Requests and callbacks carry `x-payment-signature`: the hex HMAC-SHA256 of
 * the raw JSON body under the shared key. With no PAYMENT_PROVIDER_URL the emulator of
 * src/server/payment-emulator answers instead, except in a deployment, where virtual accounts are
 * then off (payment.setup.ts).
 */
export interface PaymentProvider {
  issueVirtualAccount(request: VirtualAccountRequest): Promise<VirtualAccount>;
  /** The key callbacks are verified with. */
  readonly callbackKey: string;
}

export interface VirtualAccountRequest {
  orderId: string;
  amountMinor: number;
  expiresAt: Date;
}

export const virtualAccountReply = z.object({ bankCode: z.string().regex(/^\d{3}$/), account: z.string().regex(/^\d{10,16}$/), expiresAt: z.coerce.date() });
export type VirtualAccount = z.output<typeof virtualAccountReply>;

/** What the provider posts when an account is paid. */
export const paymentCallbackBody = z.object({
  tradeNo: z.string().min(1).max(64),
  orderId: z.string().max(20),
  account: z.string().max(20),
  amountMinor: z.number().int().nonnegative(),
  paidAt: z.coerce.date(),
});
export type PaymentCallbackBody = z.input<typeof paymentCallbackBody>;

export const SIGNATURE_HEADER = 'x-payment-signature';

export function signPayload(key: string, body: string | Buffer): string {
  return createHmac('sha256', key).update(body).digest('hex');
}

/** Constant-time check of a signature header against the body. */
export function hasValidSignature(key: string, body: Buffer, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signature, 'hex'), Buffer.from(signPayload(key, body), 'hex'));
}

/** The provider's API over HTTPS: POST <url>/virtual-accounts, signed, answered with the account. */
export function createHttpPaymentProvider(url: string, key: string, timeoutMs = 10_000): PaymentProvider {
  return {
    callbackKey: key,
    async issueVirtualAccount(request) {
      const body = JSON.stringify({ orderId: request.orderId, amountMinor: request.amountMinor, expiresAt: request.expiresAt.toISOString() });
      const response = await fetch(new URL('virtual-accounts', url.endsWith('/') ? url : `${url}/`), {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signPayload(key, body) },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`payment provider answered ${response.status}`);
      return virtualAccountReply.parse(await response.json());
    },
  };
}
