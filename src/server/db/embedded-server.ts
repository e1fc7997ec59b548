import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import fs from 'node:fs';
import path from 'node:path';

// pglite-socket serves one connection unless told otherwise; the server plus CLI clients must fit.
const SOCKET_MAX_CONNECTIONS = 40;
/**
 * PostgreSQL's buffer pool, allocated and cleared in PGlite's WebAssembly memory at every start:
 * initdb's 128 MB took some 130 ms of a start here (PGlite.create on an existing database, median of
 * six: 0.5 s against 0.37 s with 32 MB) and 96 MB of memory. 32 MB holds 4096 pages, the hot part of
 * an embedded portal's database many times over; the operating system caches the files behind it.
 */
const SHARED_BUFFERS = '32MB';
/** The socket file's name in its directory, the one pg (and psql) look for there by default. */
const SOCKET_FILE = '.s.PGSQL.5432';
/** sun_path holds 108 bytes on Linux, 104 on macOS, the terminating NUL included. */
const MAX_SOCKET_PATH = 103;

/** The parts of pglite-socket's query queue (0.2.x) that keepCyclesWhole replaces. */
interface QueryQueue {
  queue: Array<{ handlerId: number; message: Uint8Array; resolve(bytes: number): void; reject(error: unknown): void; onData(data: Uint8Array): void }>;
  processing: boolean;
  lastHandlerId: number | null;
  db: PGlite;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

/** Extended-query messages after which the connection's cycle goes on until its Sync: Parse, Bind, Describe, Execute, Close, Flush. */
const MID_CYCLE = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((letter) => letter.charCodeAt(0)));
/** Messages kept until the one that ends their cycle (Sync, Flush, a simple query) and run with it: all of MID_CYCLE but Flush. */
const HELD = new Set(['P', 'B', 'D', 'E', 'C'].map((letter) => letter.charCodeAt(0)));

/**
 * pglite-socket runs every connection in PGlite's one session and takes their protocol messages one
 * at a time, keeping to one connection only inside a transaction. Two connections' extended queries
 * then interleave (one binds the other's unnamed statement). Here the queue also keeps to one
 * connection from its Parse to its Sync, so that connections can be used side by side: while one
 * waits for its answer on a busy event loop, PGlite runs another's query. A client that stops in the
 * middle of a cycle (a cursor's Flush, read a batch at a time) would hold the others up until its
 * Sync; the portal uses no cursor.
 *
 * A cycle also runs whole: its messages are kept until the one that ends it and given to PGlite in
 * one call, whose answer goes to the socket in one write, as PostgreSQL answers at a Sync. Run and
 * written one message at a time, a query took four calls into PGlite and four writes to the socket,
 * each waking the server's event loop for a few bytes (a fifth of this thread's time under a
 * balance-read load went to those writes).
 */
function keepCyclesWhole(queue: QueryQueue): void {
  let midCycle = false;
  /** Each connection's messages of its cycle so far, not run yet. */
  const held = new Map<number, Uint8Array[]>();
  queue.processQueue = async function processQueue(this: QueryQueue) {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const sticky = this.lastHandlerId !== null && (midCycle || this.db.isInTransaction());
        const index = sticky ? this.queue.findIndex((item) => item.handlerId === this.lastHandlerId) : 0;
        // The connection in the middle of its cycle has not sent its next message yet: wait for it.
        if (index === -1) break;
        const item = this.queue.splice(index, 1)[0]!;
        const type = item.message[0]!;
        this.lastHandlerId = item.handlerId;
        midCycle = MID_CYCLE.has(type);
        const earlier = held.get(item.handlerId);
        if (HELD.has(type)) {
          if (earlier) earlier.push(item.message);
          else held.set(item.handlerId, [item.message]);
          item.resolve(0);
          continue;
        }
        held.delete(item.handlerId);
        const cycle = earlier ? Buffer.concat([...earlier, item.message]) : item.message;
        const answer: Buffer[] = [];
        try {
          await this.db.runExclusive(() => this.db.execProtocolRawStream(cycle, { onRawData: (data) => answer.push(Buffer.from(data)) }));
        } catch (error) {
          item.reject(error);
          continue;
        }
        const bytes = answer.length === 1 ? answer[0]! : Buffer.concat(answer);
        if (bytes.length > 0) item.onData(bytes);
        item.resolve(bytes.length);
      }
    } finally {
      this.processing = false;
    }
  };
  const clear = queue.clearQueueForHandler.bind(queue);
  // A connection that closes in the middle of its cycle must not hold the others up; what it sent of that cycle never ran.
  queue.clearQueueForHandler = (handlerId) => {
    clear(handlerId);
    held.delete(handlerId);
    if (queue.lastHandlerId === handlerId && midCycle) {
      midCycle = false;
      void queue.processQueue();
    }
  };
}

export interface EmbeddedServer {
  /** Where clients connect: the Unix socket in `socketDir`, or a loopback port without one. */
  url: string;
  /** The whole data directory as a gzipped tarball (a test template); not across threads. */
  dumpDataDir?(): Promise<Blob>;
  stop(): Promise<void>;
}

/**
 * PGlite on `dataDir` served over the PostgreSQL protocol to this process's pool and to CLI
 * clients. With `socketDir` (the portal's DATA_DIR, mode 0700) on a Unix socket there, mode 0600,
 * so that no other local user can connect (PGlite has no passwords); without it (a test's in-memory
 * database) on a loopback port. Runs on whichever thread calls it (embedded-thread.ts for the server).
 */
export async function startEmbeddedServer(options: { dataDir: string; socketDir?: string; loadDataDir?: Blob | File }): Promise<EmbeddedServer> {
  const socketPath = options.socketDir ? path.join(options.socketDir, SOCKET_FILE) : undefined;
  if (socketPath && Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    throw new Error(`The embedded database's socket path ${socketPath} is longer than ${MAX_SOCKET_PATH} bytes: choose a shorter DATA_DIR.`);
  }
  const pglite = await PGlite.create(options.dataDir, {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // Left by a server that died (its lock was stale, and the lock is ours now).
  if (socketPath) fs.rmSync(socketPath, { force: true });
  const where = socketPath ? { path: socketPath } : { host: '127.0.0.1', port: 0 };
  const socket = new PGLiteSocketServer({ db: pglite, ...where, maxConnections: SOCKET_MAX_CONNECTIONS });
  keepCyclesWhole((socket as unknown as { queryQueue: QueryQueue }).queryQueue);
  await socket.start();
  if (socketPath) fs.chmodSync(socketPath, 0o600);
  const url = `postgres://postgres@${options.socketDir ? encodeURIComponent(options.socketDir) : socket.getServerConn()}/postgres`;
  return {
    url,
    dumpDataDir: async () => (await pglite.dumpDataDir('gzip')) as Blob,
    // The socket first (clients have ended), then PGlite, which keeps its thread alive until closed.
    async stop() {
      await socket.stop();
      if (socketPath) fs.rmSync(socketPath, { force: true });
      await pglite.close();
    },
  };
}
