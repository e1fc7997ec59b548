import type { Db } from './db/client';
import type { Env } from './env';
import type { Logger } from './logger';
import type { JobQueue } from './jobs';
import type { Mailer } from './modules/notifications/mailer';
import type { Notifier } from './modules/notifications/notifier';
import type { FileStorage } from './modules/files/storage';
import type { PlatformAccountsHook } from './modules/accounts/platform-password';

/** What services are given to do their work; routers, jobs and the CLI build it the same way. */
export interface Deps {
  db: Db;
  clock: () => Date;
  jobs: JobQueue;
  mailer: Mailer;
  notifier: Notifier;
  storage: FileStorage;
  /** The platform accounts' password change (spec section 7 changepwd), a hook until the platform connector exists. */
  platformAccounts: PlatformAccountsHook;
  config: Pick<Env, 'BRAND_NAME' | 'MAIL_NOTIFICATIONS' | 'CHAT_NOTIFICATIONS' | 'PUBLIC_URL' | 'PORT' | 'SESSION_IDLE_SECONDS'>;
  log: Logger;
}
