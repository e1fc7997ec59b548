import { serveOnLoopback, type LoopbackServer } from '../http/loopback';
import type { EmulatorOptions } from './emulator.options';
import { createPlatformEmulatorRouter } from './emulator.router';

/** The emulator on a loopback port of its own: for the connector of the server, the worker, the CLI and the tests. */
export function startPlatformEmulator(options: EmulatorOptions): Promise<LoopbackServer> {
  return serveOnLoopback(createPlatformEmulatorRouter(options));
}

/** The key the emulator and the portal share when no PLATFORM_KEY is set: a stand-in, not a secret. */
export const EMULATOR_KEY = 'platform-emulator-key';
