import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../logger';
import { projectRoot } from '../project-root';
import { acquireDataDirLock, type DataDirLock } from './lock';
import { startEmbeddedServer, type EmbeddedServer } from './embedded-server';
import type { ThreadMessage } from './embedded-thread';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything a repository can run a query on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** Where the database answers; for the embedded one, the loopback socket of this process. */
  url: string;
  mode: 'embedded' | 'server' | 'embedded-client';
  /** The embedded database's whole data directory as a gzipped tarball (a test template). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(projectRoot(), 'src/server/db/migrations');

/**
 * Connections to the embedded database: pglite-socket runs every connection in one PostgreSQL
 * session, and embedded-server.ts keeps each connection's extended query (Parse to Sync) and each
 * transaction whole, so connections can be used side by side. The server, whose PGlite runs on its
 * own thread, uses a few: while one waits for a busy event loop to read its answer, PGlite runs
 * another's query. PGlite runs one query at a time, so more would only queue. Other processes (the
 * CLI, a worker) and an inline database (tests) use one.
 */
const EMBEDDED_POOL_SIZE = 1;
const EMBEDDED_SERVER_POOL_SIZE = 4;

/**
 * Time limits on a PostgreSQL server, so that a lock held too long fails a request instead of holding
 * it (and a pooled connection) for good. The server enforces them itself. No limit on waiting for a
 * pooled connection: under a burst (50 parallel transfers on the embedded database's one connection)
 * that wait is long and legitimate, and each query ahead of it is bounded already. PGlite has no other
 * session to wait for, so these do not apply to it.
 */
export const databaseTimeouts = {
  statementMs: 15_000,
  lockMs: 5_000,
  idleInTransactionMs: 60_000,
} as const;

function createPool(url: string, max: number, log?: Logger, server = false): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 10_000,
    ...(server
      ? { statement_timeout: databaseTimeouts.statementMs, lock_timeout: databaseTimeouts.lockMs, idle_in_transaction_session_timeout: databaseTimeouts.idleInTransactionMs }
      : {}),
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', (error) => log?.warn({ err: error }, 'database connection lost'));
  return pool;
}

export function openServerDatabase(url: string, options: { poolSize: number; log?: Logger }): Database {
  const pool = createPool(url, options.poolSize, options.log, true);
  const db = drizzle(pool, { schema });
  serverDatabases.add(db);
  return { db, pool, url, mode: 'server', close: () => pool.end() };
}

/** Databases on a PostgreSQL server, where each connection is a session of its own (db/prepared.ts names statements there). */
const serverDatabases = new WeakSet<Db>();

export function isServerDatabase(db: Db): boolean {
  return serverDatabases.has(db);
}

export interface EmbeddedOptions {
  /** A directory, or 'memory://' for a database that lives as long as the process. */
  dataDir: string;
  /** A data directory dumped with PGlite's dumpDataDir, to start from instead of an empty database. */
  loadDataDir?: Blob | File;
  log?: Logger;
}

/**
 * The embedded database on its own thread (embedded-thread.ts). From the sources (tests, tsx) its
 * entry is TypeScript; in dist/server it is bundled beside the code that starts it (bin/built.js).
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
    : new Worker(new URL('./embedded-thread.js', import.meta.url), { workerData });
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

export async function openEmbeddedDatabase(options: EmbeddedOptions & { socketDir?: string; ownThread?: boolean }, lock?: DataDirLock): Promise<Database> {
  const server = options.ownThread ? await startOnThread(options) : await startEmbeddedServer(options);
  lock?.publish(server.url);
  const pool = createPool(server.url, options.ownThread ? EMBEDDED_SERVER_POOL_SIZE : EMBEDDED_POOL_SIZE, options.log);
  return {
    db: drizzle(pool, { schema }),
    pool,
    url: server.url,
    mode: 'embedded',
    ...(server.dumpDataDir ? { dumpDataDir: server.dumpDataDir } : {}),
    // Clients first, then the socket and PGlite.
    async close() {
      await pool.end();
      await server.stop();
      lock?.release();
    },
  };
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  poolSize: number;
  log?: Logger;
  /**
   * 'server' owns the embedded data directory and refuses to start beside another server;
   * 'client' (the CLI, the worker) uses the running server's published socket when there is one.
   */
  role: 'server' | 'client';
}

/** Opens the configured database: the server at DATABASE_URL, or the embedded one under DATA_DIR/pg. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openServerDatabase(options.databaseUrl, options);
  const home = path.resolve(options.dataDir);
  // DATA_DIR is its owner's alone: the database, its socket, the lock, the generated TOTP key, stored files.
  fs.mkdirSync(home, { recursive: true, mode: 0o700 });
  fs.chmodSync(home, 0o700);
  const dataDir = path.join(home, 'pg');
  const lock = acquireDataDirLock(`${dataDir}.lock`);
  if (lock.heldBy) {
    if (options.role === 'server' || !lock.heldBy.url) {
      throw new Error(
        `The embedded database ${dataDir} is in use by process ${lock.heldBy.pid}. Stop that process first, or set DATABASE_URL.`,
      );
    }
    const pool = createPool(lock.heldBy.url, EMBEDDED_POOL_SIZE, options.log);
    return { db: drizzle(pool, { schema }), pool, url: lock.heldBy.url, mode: 'embedded-client', close: () => pool.end() };
  }
  try {
    // The server's database runs on its own thread, beside the requests; a CLI's alone runs inline.
    return await openEmbeddedDatabase({ ...options, dataDir, socketDir: home, ownThread: options.role === 'server' }, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

export async function runMigrations(db: Db): Promise<void> {
  if (await migrationsApplied(db)) return;
  await migrate(db, { migrationsFolder });
}

/**
 * Whether the newest migration of the journal is applied already: the usual start. Drizzle's
 * migrator reads and hashes every migration file and runs its DDL checks in a transaction before it
 * finds nothing to do, some 0.1 s on the embedded database; it runs only when this says no. The test
 * is the migrator's own: a migration is applied when the latest applied one is not older than it.
 */
async function migrationsApplied(db: Db): Promise<boolean> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
  const newest = journal.entries.at(-1)?.when;
  const table = await db.execute<{ present: boolean }>(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (newest === undefined || !table.rows[0]?.present) return false;
  const applied = await db.execute<{ latest: string | null }>(sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`);
  return Number(applied.rows[0]?.latest ?? 0) >= newest;
}

/** PostgreSQL's error code of a failed query (Drizzle wraps it in `cause`), e.g. 23505 unique violation. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
