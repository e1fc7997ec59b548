import type { Db } from './db/client';
import type { Env } from './env';
import type { Logger } from './logger';
import type { JobQueue } from './jobs';
import type { Mailer } from './modules/notifications/mailer';
import type { Notifier } from './modules/notifications/notifier';
import type { FileStorage } from './modules/files/storage';
import type { PlatformAccountsHook } from './modules/accounts/platform-password';
import type { PlatformConnector } from './modules/platform/platform.connector';
import type { PaymentProvider } from './modules/orders/payment-provider';
import type { ShopConnector } from './modules/shop/shop.connector';

/** What services are given to do their work; routers, jobs and the CLI build it the same way. */
export interface Deps {
  db: Db;
  clock: () => Date;
  jobs: JobQueue;
  mailer: Mailer;
  notifier: Notifier;
  storage: FileStorage;
  /** The platform accounts' password change (spec section 7 changepwd), through the connector. */
  platformAccounts: PlatformAccountsHook;
  /** The AI platform's seven calls (spec section 7); the emulator's when no platform address is configured. */
  platform: PlatformConnector;
  /**
   * The virtual-account payment provider; the payment emulator's when no PAYMENT_PROVIDER_URL is set
   * outside a deployment; undefined in a deployment without one (virtual accounts are off).
   */
  payments: PaymentProvider | undefined;
  /** The shop's coupon API (spec section 7); the emulator's when no shop keys are configured. */
  shop: ShopConnector;
  config: Pick<Env, 'BRAND_NAME' | 'MAIL_NOTIFICATIONS' | 'CHAT_NOTIFICATIONS' | 'PUBLIC_URL' | 'PORT' | 'SESSION_IDLE_SECONDS' | 'REMITTANCE_BANK' | 'REMITTANCE_ACCOUNT_NAME' | 'REMITTANCE_ACCOUNT_NO'>;
  log: Logger;
  /** The AES-256-GCM key that seals TOTP secrets at rest (resolveTotpKey). */
  totpKey: Buffer;
}
