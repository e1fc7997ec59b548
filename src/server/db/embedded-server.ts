import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import fs from 'node:fs';
import path from 'node:path';

// pglite-socket serves one connection unless told otherwise; the server plus CLI clients must fit.
const SOCKET_MAX_CONNECTIONS = 40;
/** The socket file's name in its directory, the one pg (and psql) look for there by default. */
const SOCKET_FILE = '.s.PGSQL.5432';
/** sun_path holds 108 bytes on Linux, 104 on macOS, the terminating NUL included. */
const MAX_SOCKET_PATH = 103;

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
  const pglite = await PGlite.create(options.dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  let socket: PGLiteSocketServer;
  let url: string;
  if (socketPath) {
    // Left by a server that died (its lock was stale, and the lock is ours now).
    fs.rmSync(socketPath, { force: true });
    socket = new PGLiteSocketServer({ db: pglite, path: socketPath, maxConnections: SOCKET_MAX_CONNECTIONS });
    await socket.start();
    fs.chmodSync(socketPath, 0o600);
    url = `postgres://postgres@${encodeURIComponent(options.socketDir!)}/postgres`;
  } else {
    socket = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: SOCKET_MAX_CONNECTIONS });
    await socket.start();
    url = `postgres://postgres@${socket.getServerConn()}/postgres`;
  }
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
