import type { Server } from 'node:http';
import { createJobQueue, type JobRunner } from '../jobs/queue';
import { openDatabase, runMigrations, type Database } from './db/client';
import type { StartedEmbedded } from './db/embedded-start';
import type { Deps } from './deps';
import type { Env } from './env';
import { buildClient, buildIsStale, serveBuiltApp, serveWithVite } from './http/web';
import { createHttpApp, type HttpState } from './http/app';
import { closeServer } from './http/closing';
import { answerErrors } from './http/errors';
import type { Logger } from './logger';
import { createMailer, type Mailer } from './modules/notifications/mailer';
import { createNotifier } from './modules/notifications/notifier';
import { addStandardPackagesIfNone } from './modules/packages/standard-packages';
import { closeDemoSignIns, demoMember, seedDemoData } from './seed';
import { mirrorUsageIntoEmulator } from './platform-emulator/demo-mirror';
import { userByEmail } from './modules/accounts/users.service';
import { recordedUsageDaysOf } from './modules/points/ledger.service';
import { sweepPlatformDeliveries } from './modules/platform/platform-deliveries.service';
import { resolveTotpKey } from './totp-key';
import path from 'node:path';
import { createLocalDiskStorage } from './modules/files/storage';
import { platformPasswordHook } from './modules/platform/platform-password.hook';
import { setUpPlatform, type PlatformSetup } from './modules/platform/platform.setup';
import { setUpPayments } from './modules/orders/payment.setup';
import type { PaymentEmulator } from './payment-emulator/payment-emulator';
import { setUpShop } from './modules/shop/shop.setup';
import { signOutIneligibleMembers } from './modules/auth/member-session.service';
import { sealStoredTotpSecrets } from './modules/auth/two-factor.service';
import { sealPlainHostSecrets } from './modules/platform/host-info.service';

export interface Services {
  paymentEmulator?: PaymentEmulator;
  database: Database;
  jobs: JobRunner;
  mailer: Mailer;
  deps: Deps;
  platform: PlatformSetup;
  close(): Promise<void>;
}

/**
 * Opens the database and builds what services need. Used by the server, the worker and the CLI,
 * so all three run the same services against the same database.
 */
export async function openServices(env: Env, log: Logger, role: 'server' | 'client', started?: Promise<StartedEmbedded>): Promise<Services> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DB_POOL_SIZE, log, role, started });
  const jobs = createJobQueue({ pool: database.pool, log, embedded: database.mode !== 'server' });
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  const notifier = createNotifier({ channelToken: env.LINE_CHANNEL_TOKEN, to: env.LINE_TO, apiUrl: env.LINE_API_URL });
  const storage = createLocalDiskStorage(path.join(env.DATA_DIR, 'files'));
  const clock = () => new Date();
  const platform = await setUpPlatform(env, database.db, log, clock);
  // No provider address: outside a deployment the payment emulator issues the accounts (mounted at
  // /payment-emulator by the server); in a deployment virtual accounts are off, with no emulator.
  const { provider: payments, emulator: paymentEmulator } = setUpPayments(env, log, clock);
  const shop = await setUpShop(env, database.db, log);
  const deps: Deps = { db: database.db, clock, jobs, mailer, notifier, storage, platformAccounts: platformPasswordHook(platform.connector), platform: platform.connector, shop: shop.connector, payments, config: env, log, totpKey: resolveTotpKey(env) };
  return {
    database,
    jobs,
    mailer,
    deps,
    platform,
    paymentEmulator,
    async close() {
      await jobs.stop();
      mailer.close();
      await platform.close();
      await shop.close();
      await database.close();
    },
  };
}

/**
 * The demo account on the emulator that stands in for the platform: the seed's credits and
 * transfers, queued in the outbox, delivered now (before the first request, so that the demo's
 * balances and transfers agree with the portal at once), then its usage.
 */
async function tellEmulatorOfDemo(deps: Deps): Promise<void> {
  await sweepPlatformDeliveries(deps);
  const member = await userByEmail(deps.db, demoMember.email);
  if (member) await mirrorUsageIntoEmulator(deps.db, member.groupId, await recordedUsageDaysOf(deps.db, member.groupId));
}

export interface Portal {
  url: string;
  services: Services;
  stop(): Promise<void>;
}

/** The portal's server; `started`, its embedded database begun ahead (start.ts). */
export async function startPortal(env: Env, log: Logger, started?: Promise<StartedEmbedded>): Promise<Portal> {
  const development = env.NODE_ENV === 'development';
  if (!development && buildIsStale()) {
    log.info('building the web app (missing or older than its sources)');
    await buildClient();
  }
  const services = await openServices(env, log, 'server', started);
  const { deps } = services;
  const state: HttpState = { ready: false };
  let server: Server | undefined;
  let closeVite: (() => Promise<void>) | undefined;
  try {
    await runMigrations(deps.db);
    await addStandardPackagesIfNone(deps.db);
    await sealStoredTotpSecrets(deps);
    await sealPlainHostSecrets(deps);
    if (env.SEED_DEMO && (await seedDemoData(deps)) && services.platform.emulatorKey) await tellEmulatorOfDemo(deps);
    if (env.DEPLOYED) {
      const closed = await closeDemoSignIns(deps);
      if (closed.length > 0) log.warn({ accounts: closed }, 'demo accounts in a deployment (they sign in with the password the README publishes): disabled');
    }
    // A disabled (or no longer eligible) member is signed out at start (spec section 4).
    await signOutIneligibleMembers(deps);

    const http = createHttpApp(deps, state, { development, trustProxy: env.TRUST_PROXY, platformEmulatorKey: services.platform.emulatorKey, paymentEmulator: services.paymentEmulator });
    server = await new Promise<Server>((resolve, reject) => {
      const listening = http.listen(env.PORT, env.HOST, () => resolve(listening));
      listening.once('error', reject);
    });
    const site = { brand: env.BRAND_NAME, shopUrl: env.SHOP_URL };
    if (development) closeVite = await serveWithVite(http.express, server, site, deps);
    else serveBuiltApp(http.express, site, deps);
    answerErrors(http.express);
    // Requests are answered from here on; the job queue (its schedules and first round of polling)
    // starts meanwhile, and a failure to start it still stops the portal.
    state.ready = true;
    if (env.JOBS === 'in-process') await services.jobs.start(deps);
  } catch (error) {
    state.ready = false;
    server?.close();
    await services.close();
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${port}`;
  log.info({ url, database: services.database.mode }, 'portal ready');

  let stopping: Promise<void> | undefined;
  const httpServer = server;
  return {
    url,
    services,
    stop() {
      stopping ??= (async () => {
        state.ready = false;
        // Stop accepting, let requests in flight finish (kept-alive connections closed after their
        // answer, the rest cut after 10 s), then jobs, then the database.
        await closeServer(httpServer, 10_000);
        await closeVite?.();
        await services.close();
        log.info('portal stopped');
      })();
      return stopping;
    },
  };
}
