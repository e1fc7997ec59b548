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

type ThreadOptions = { dataDir: string; socketDir: string };

/** A thread running PGlite, answering at `url` until it has `ended`. */
interface Thread {
  worker: Worker;
  url: string;
  ended: boolean;
}

/** The thread's next message: its answer to a start or a stop, or its end. */
function nextMessage(worker: Worker): Promise<ThreadMessage> {
  return new Promise<ThreadMessage>((resolve, reject) => {
    const exited = (code: number) => reject(new Error(`the embedded database's thread exited with code ${code}`));
    worker.once('error', reject).once('exit', exited);
    worker.once('message', (message: ThreadMessage) => {
      worker.off('error', reject).off('exit', exited);
      resolve(message);
    });
  });
}

/**
 * One start of the embedded database on a thread (embedded-thread.ts), answered once PGlite serves
 * its socket. From the sources (tests, tsx) the thread's entry is TypeScript; otherwise it is the
 * bundle's entry dist/server/embedded-thread.js (bin/built.js).
 */
async function startThread(workerData: ThreadOptions): Promise<Thread> {
  const worker = import.meta.url.endsWith('.ts')
    ? // A worker does not take tsx from --import on Node 20: it loads the TypeScript entry through tsx's API.
      new Worker(
        `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => tsx.tsImport(${JSON.stringify(new URL('./embedded-thread.ts', import.meta.url).href)}, __filename))`,
        { eval: true, workerData },
      )
    : new Worker(path.join(projectRoot(), 'dist/server/embedded-thread.js'), { workerData });
  const ready = await nextMessage(worker);
  if (ready.type !== 'ready') {
    await worker.terminate();
    throw new Error(ready.type === 'failed' ? ready.message : `the embedded database's thread answered ${ready.type}`);
  }
  return { worker, url: ready.url, ended: false };
}

/** After a failed start again, the next try waits this long, doubling each time up to the last. */
const RESTART_DELAYS_MS = { first: 1000, last: 30_000 };

/**
 * The embedded database on its own thread, started again when the thread ends unexpectedly (a
 * crash in PGlite): it recovers from its write-ahead log as PostgreSQL does after a crash, on the
 * same socket, and the pool's next connections reach it there. Meanwhile queries fail and are
 * answered as a lost connection is; the process lives on.
 */
async function startOnThread(options: ThreadOptions & { log?: Logger }): Promise<{ server: EmbeddedServer; thread: () => Worker }> {
  const { log, ...workerData } = options;
  let current = await startThread(workerData);
  let stopping = false;
  let restarting: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  const restart = async () => {
    for (let delay = RESTART_DELAYS_MS.first; !stopping; delay = Math.min(delay * 2, RESTART_DELAYS_MS.last)) {
      try {
        current = await startThread(workerData);
        watch(current);
        log?.info('the embedded database is running again');
        return;
      } catch (error) {
        log?.error({ err: error, retryInMs: delay }, 'the embedded database did not start again');
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, delay).unref();
        });
      }
    }
  };
  const watch = (thread: Thread) => {
    thread.worker.on('error', (error) => log?.error({ err: error }, 'the embedded database failed'));
    thread.worker.once('exit', (code) => {
      thread.ended = true;
      if (stopping) return;
      log?.error({ code }, 'the embedded database stopped unexpectedly; starting it again');
      restarting = restart().finally(() => (restarting = undefined));
    });
  };
  watch(current);

  return {
    thread: () => current.worker,
    server: {
      url: current.url,
      async stop() {
        stopping = true;
        wake?.();
        await restarting;
        // A thread that died and could not be started again has nothing left to stop.
        if (current.ended) return;
        const { worker } = current;
        const stopped = nextMessage(worker);
        worker.postMessage('stop');
        const answer = await stopped.catch((error: unknown) => ({ type: 'failed' as const, message: String(error) }));
        await worker.terminate();
        if (answer.type === 'failed') throw new Error(`the embedded database did not stop cleanly: ${answer.message}`);
      },
    },
  };
}

/** The server's embedded database under DATA_DIR, started and locked; the database client connects to it (client.ts openDatabase). */
export interface StartedEmbedded {
  server: EmbeddedServer;
  lock: DataDirLock;
  /** The thread PGlite runs on now: another one after a restart. */
  thread(): Worker;
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
      return { ...(await startOnThread({ dataDir, socketDir: home, log })), lock };
    } catch (error) {
      lock.release();
      throw error;
    }
  })();
  started.catch(() => undefined);
  return started;
}
