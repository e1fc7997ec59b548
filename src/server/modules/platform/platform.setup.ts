import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Logger } from '../../logger';
import { EMULATOR_KEY, startPlatformEmulator } from '../../platform-emulator/emulator.server';
import { createPlatformConnector, type PlatformConnector } from './platform.connector';
import { allDomainsAt, configuredDomains, usesEmulator, type PlatformSettings } from './platform-domains';

/** Where the portal mounts the emulator, so a browser reaches its login page through the portal. */
export const EMULATOR_MOUNT = '/platform-emulator';

export interface PlatformSetup {
  connector: PlatformConnector;
  /** Set when the emulator answers: its key, for mounting it on the portal's HTTP app. */
  emulatorKey?: string;
  /** The loopback address of this process's emulator, when it answers. */
  emulatorUrl?: string;
  close(): Promise<void>;
}

/**
 * The connector for this process. With a platform address configured it talks to the platform;
 * with none, it starts the emulator on a loopback port of this process (server, worker and CLI
 * alike) and says so in the log. A deployment gets here only with PLATFORM_EMULATOR=on (env.ts);
 * its emulator's key is then PLATFORM_KEY or one of its own, never the published one, since the
 * emulator is mounted on the portal for its login page.
 */
export async function setUpPlatform(env: PlatformSettings & { PUBLIC_URL?: string; DEPLOYED?: boolean }, db: Db, log: Logger, clock: () => Date = () => new Date()): Promise<PlatformSetup> {
  const common = { timeoutMs: env.PLATFORM_TIMEOUT_MS, readRetries: env.PLATFORM_READ_RETRIES, log };
  if (!usesEmulator(env)) {
    return { connector: createPlatformConnector({ ...common, mode: 'remote', domains: configuredDomains(env), key: env.PLATFORM_KEY! }), close: async () => {} };
  }
  const key = env.PLATFORM_KEY ?? (env.DEPLOYED ? randomBytes(24).toString('base64url') : EMULATOR_KEY);
  const emulator = await startPlatformEmulator({ db, key, clock, log });
  const where = { url: emulator.url, loginPage: `${EMULATOR_MOUNT}/login` };
  if (env.DEPLOYED) log.warn(where, "PLATFORM_EMULATOR=on in a deployment: the AI platform emulator answers platform calls, and members' points go to no real platform");
  else log.info(where, 'no platform address configured: the AI platform emulator answers platform calls');
  // Without PUBLIC_URL the login page's address is a path on the portal (openPlatformOutput allows
  // it): the browser follows it on the origin it is on, where the emulator is mounted.
  const loginBase = `${(env.PUBLIC_URL ?? '').replace(/\/$/, '')}${EMULATOR_MOUNT}`;
  return {
    connector: createPlatformConnector({ ...common, mode: 'emulator', domains: allDomainsAt(emulator.url), loginBase, key }),
    emulatorKey: key,
    emulatorUrl: emulator.url,
    close: () => emulator.close(),
  };
}
