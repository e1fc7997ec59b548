import express, { type Router } from 'express';
import type { Server } from 'node:http';

export interface LoopbackServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

/** A router on a free loopback port of this process: how the emulators of external systems answer the server, the worker, the CLI and the tests. */
export async function serveOnLoopback(router: Router): Promise<LoopbackServer> {
  const app = express();
  app.disable('x-powered-by');
  app.use(router);
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
