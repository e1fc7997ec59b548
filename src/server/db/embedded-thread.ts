/**
 * The embedded database on a thread of its own (worker_threads), for the server: PGlite runs its
 * queries in WebAssembly on the thread that calls it, so on the main thread every query would hold
 * up every request, while here the two run on separate cores. The main thread's pool reaches it
 * through the socket, as CLI clients do. Messages: in workerData the options; out 'ready' with the
 * url or 'failed' with a message; in 'stop', out 'stopped'.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startEmbeddedServer } from './embedded-server';

export type ThreadMessage = { type: 'ready'; url: string } | { type: 'failed'; message: string } | { type: 'stopped' };

const port = parentPort!;
const post = (message: ThreadMessage) => port.postMessage(message);

try {
  const server = await startEmbeddedServer(workerData as { dataDir: string; socketDir?: string });
  port.on('message', (message: unknown) => {
    if (message !== 'stop') return;
    void server.stop().then(
      () => {
        post({ type: 'stopped' });
        port.close();
      },
      (error: unknown) => post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  });
  post({ type: 'ready', url: server.url });
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  port.close();
}
