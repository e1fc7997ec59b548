import type { Db } from './db/client';
import type { Env } from './env';
import type { Logger } from './logger';
import type { JobQueue } from '../jobs/queue';
import type { Mailer } from './modules/notifications/mailer';
import type { Notifier } from './modules/notifications/notifier';

/** What services are given to do their work; routers, jobs and the CLI build it the same way. */
export interface Deps {
  db: Db;
  clock: () => Date;
  jobs: JobQueue;
  mailer: Mailer;
  notifier: Notifier;
  config: Pick<Env, 'BRAND_NAME' | 'MAIL_NOTIFICATIONS' | 'CHAT_NOTIFICATIONS' | 'PUBLIC_URL'>;
  log: Logger;
}
