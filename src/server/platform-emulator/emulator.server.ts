import express from 'express';
import type { Server } from 'node:http';
import type { EmulatorOptions } from './emulator.options';
import { createPlatformEmulatorRouter } from './emulator.router';

export interface RunningEmulator {
  /** Base address of the emulated platform, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

/** The emulator on a loopback port of its own: for the connector of the server, the worker, the CLI and the tests. */
export async function startPlatformEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const app = express();
  app.disable('x-powered-by');
  app.use(createPlatformEmulatorRouter(options));
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    listening.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The key the emulator and the portal share when no PLATFORM_KEY is set: a stand-in, not a secret. */
export const EMULATOR_KEY = 'platform-emulator-key';
