/**
 * The first step of a server start on the embedded database: DATA_DIR prepared and locked, and
 * PGlite starting on its own thread. Kept apart from the database client (Drizzle, pg, the schema),
 * so that start.ts can begin it before the rest of the server loads: PGlite's start and the
 * loading of the server's code (some 0.5 s each) then run side by side, on two cores.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../logger';
import { projectRoot } from '../project-root';
import type { EmbeddedServer } from './embedded-server';
import type { ThreadMessage } from './embedded-thread';
import { acquireDataDirLock, type DataDirLock } from './lock';

/** DATA_DIR (its owner's alone: the database, its socket, the lock, the generated TOTP key, stored files) and the lock of its database. */
export function lockDataDir(dataDirSetting: string): { home: string; dataDir: string; lock: DataDirLock } {
  const home = path.resolve(dataDirSetting);
  fs.mkdirSync(home, { recursive: true, mode: 0o700 });
  fs.chmodSync(home, 0o700);
  const dataDir = path.join(home, 'pg');
  return { home, dataDir, lock: acquireDataDirLock(`${dataDir}.lock`) };
}

export function inUseError(dataDir: string, pid: number): Error {
  return new Error(`The embedded database ${dataDir} is in use by process ${pid}. Stop that process first, or set DATABASE_URL.`);
}

/**
 * The embedded database on its own thread (embedded-thread.ts). From the sources (tests, tsx) its
 * entry is TypeScript; otherwise it is the bundle's entry dist/server/embedded-thread.js (bin/built.js).
 */
async function startOnThread(options: { dataDir: string; socketDir?: string; log?: Logger }): Promise<EmbeddedServer> {
  const { log } = options;
  const workerData = { dataDir: options.dataDir, socketDir: options.socketDir };
  const worker = import.meta.url.endsWith('.ts')
    ? // A worker does not take tsx from --import on Node 20: it loads the TypeScript entry through tsx's API.
      new Worker(
        `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => tsx.tsImport(${JSON.stringify(new URL('./embedded-thread.ts', import.meta.url).href)}, __filename))`,
        { eval: true, workerData },
      )
    : new Worker(path.join(projectRoot(), 'dist/server/embedded-thread.js'), { workerData });
  const reply = () =>
    new Promise<ThreadMessage>((resolve, reject) => {
      const exited = (code: number) => reject(new Error(`the embedded database's thread exited with code ${code}`));
      worker.once('error', reject).once('exit', exited);
      worker.once('message', (message: ThreadMessage) => {
        worker.off('error', reject).off('exit', exited);
        resolve(message);
      });
    });
  const ready = await reply();
  if (ready.type !== 'ready') {
    await worker.terminate();
    throw new Error(ready.type === 'failed' ? ready.message : `the embedded database's thread answered ${ready.type}`);
  }
  let stopping = false;
  worker.on('error', (error) => log?.error({ err: error }, 'the embedded database failed'));
  worker.on('exit', (code) => {
    if (!stopping) log?.error({ code }, 'the embedded database stopped unexpectedly');
  });
  return {
    url: ready.url,
    async stop() {
      stopping = true;
      const stopped = reply();
      worker.postMessage('stop');
      const answer = await stopped.catch((error: unknown) => ({ type: 'failed' as const, message: String(error) }));
      await worker.terminate();
      if (answer.type === 'failed') throw new Error(`the embedded database did not stop cleanly: ${answer.message}`);
    },
  };
}

/** The server's embedded database under DATA_DIR, started and locked; the database client connects to it (client.ts openDatabase). */
export interface StartedEmbedded {
  server: EmbeddedServer;
  lock: DataDirLock;
}

/**
 * Locks DATA_DIR's database for the server and starts it on its thread. Refused while another
 * process holds it. The answer is already handled, so that a failure waits, unreported, for
 * whoever opens the database.
 */
export function startServerDatabase(dataDirSetting: string, log?: Logger): Promise<StartedEmbedded> {
  const started = (async () => {
    const { home, dataDir, lock } = lockDataDir(dataDirSetting);
    if (lock.heldBy) throw inUseError(dataDir, lock.heldBy.pid);
    try {
      return { server: await startOnThread({ dataDir, socketDir: home, log }), lock };
    } catch (error) {
      lock.release();
      throw error;
    }
  })();
  started.catch(() => undefined);
  return started;
}
