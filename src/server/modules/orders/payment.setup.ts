import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { createPaymentEmulator, type PaymentEmulator } from '../../payment-emulator/payment-emulator';
import { createHttpPaymentProvider, type PaymentProvider } from './payment-provider';

export interface PaymentSetup {
  /** The virtual-account provider; undefined when virtual accounts are off (a deployment without PAYMENT_PROVIDER_URL). */
  provider: PaymentProvider | undefined;
  /** Set when the emulator stands in for the provider: mounted at /payment-emulator by the server. */
  emulator?: PaymentEmulator;
}

/**
 * The virtual-account provider of this process (server, worker and CLI alike). With
 * PAYMENT_PROVIDER_URL, the provider's API. Without it, outside a deployment (npm start, tests),
 * the emulator; in a deployment (NODE_ENV=production) nothing: an emulator there would let anyone
 * mark an order paid and show members an account number no bank knows. Virtual accounts are then
 * off (placing with NEWEBPAY_VACC is refused, /buy-points does not offer it), as the log says.
 */
export function setUpPayments(env: Pick<Env, 'PAYMENT_PROVIDER_URL' | 'PAYMENT_PROVIDER_KEY' | 'DEPLOYED'>, log: Logger, clock: () => Date = () => new Date()): PaymentSetup {
  if (env.PAYMENT_PROVIDER_URL) return { provider: createHttpPaymentProvider(env.PAYMENT_PROVIDER_URL, env.PAYMENT_PROVIDER_KEY!) };
  if (env.DEPLOYED) {
    log.warn('no PAYMENT_PROVIDER_URL configured in a deployment: virtual-account payment (NEWEBPAY_VACC) is off, members pay by remittance');
    return { provider: undefined };
  }
  const emulator = createPaymentEmulator({ key: env.PAYMENT_PROVIDER_KEY, clock });
  log.info({ mount: '/payment-emulator' }, 'no payment provider configured: the payment emulator issues virtual accounts');
  return { provider: emulator.provider, emulator };
}
