import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../logger';
import { projectRoot } from '../project-root';
import type { DataDirLock } from './lock';
import { inUseError, lockDataDir, startServerDatabase, type StartedEmbedded } from './embedded-start';
import type { EmbeddedServer } from './embedded-server';

/**
 * Drizzle without the relational query API (`db.query.<table>`, unused here): given the schema,
 * drizzle would build a query builder for every table at each transaction's start.
 */
export type Db = NodePgDatabase;
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
 * CLI, a worker) use one; tests use the server's number, so that they run as the server does.
 */
const EMBEDDED_POOL_SIZE = 1;
export const EMBEDDED_SERVER_POOL_SIZE = 4;

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

/** A query's arguments with the name of its statement changed (to '' for an unnamed one), when it has one. */
function renamed(args: unknown[], rename: (name: string) => string): unknown[] {
  const [config] = args;
  if (typeof config !== 'object' || config === null) return args;
  const { name } = config as { name?: unknown };
  if (typeof name !== 'string' || !name) return args;
  return [{ ...config, name: rename(name) }, ...args.slice(1)];
}

const query = pg.Client.prototype.query as (...args: unknown[]) => never;
let embeddedClients = 0;

/**
 * A connection of this process's own pool to the embedded database. Every connection runs in
 * PGlite's one session there, so each ends the names of its statements with its own number: two
 * connections never prepare the same name (db/prepared.ts).
 */
class EmbeddedClient extends pg.Client {
  readonly #suffix = `_${++embeddedClients}`;

  override query(...args: unknown[]): never {
    return query.apply(this, renamed(args, (name) => name + this.#suffix));
  }
}

/**
 * A connection to another process's embedded database (a CLI beside the running portal): it shares
 * the portal's session, where a statement it named would outlive it, so its statements go unnamed.
 */
class SharedSessionClient extends pg.Client {
  override query(...args: unknown[]): never {
    return query.apply(this, renamed(args, () => ''));
  }
}

/**
 * 'server': a PostgreSQL server, with its time limits; each connection is a session of its own.
 * 'embedded': this process's own embedded database, whose connections name statements apart and
 * stay open while idle (a closed one would leave its statements behind in the shared session).
 * 'shared': another process's embedded database.
 */
type PoolKind = 'server' | 'embedded' | 'shared';

function createPool(url: string, max: number, kind: PoolKind, log?: Logger): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: kind === 'embedded' ? 0 : 10_000,
    ...(kind === 'embedded' ? { Client: EmbeddedClient } : kind === 'shared' ? { Client: SharedSessionClient } : {}),
    ...(kind === 'server'
      ? { statement_timeout: databaseTimeouts.statementMs, lock_timeout: databaseTimeouts.lockMs, idle_in_transaction_session_timeout: databaseTimeouts.idleInTransactionMs }
      : {}),
  });
  // A connection that loses its server must not end the process. The pool listens for the errors of
  // idle ones only: one in use (a transaction between two statements) emitted an 'error' nobody
  // listened to. Every connection gets a listener; its statement under way fails, and the pool drops
  // it when it is released. The next query connects again. Only the error is logged: pg hangs the
  // connection (its cancel key, its statements) on some of them.
  const lost = (error: Error) => log?.warn({ err: { message: error.message, code: (error as { code?: unknown }).code } }, 'database connection lost');
  pool.on('connect', (client) => client.on('error', lost));
  // Logged by the connection's own listener; without one here, the pool's re-emit would throw.
  pool.on('error', () => undefined);
  return pool;
}

export function openServerDatabase(url: string, options: { poolSize: number; log?: Logger }): Database {
  const pool = createPool(url, options.poolSize, 'server', options.log);
  return { db: drizzle(pool), pool, url, mode: 'server', close: () => pool.end() };
}

export interface EmbeddedOptions {
  /** A directory, or 'memory://' for a database that lives as long as the process. */
  dataDir: string;
  /** A data directory dumped with PGlite's dumpDataDir, to start from instead of an empty database. */
  loadDataDir?: Blob | File;
  log?: Logger;
  /** Connections of this process's pool: EMBEDDED_POOL_SIZE unless told. */
  poolSize?: number;
}

/** The embedded database at `dataDir`, inline (a CLI alone, a test); its socket in `socketDir` when given. */
export async function openEmbeddedDatabase(options: EmbeddedOptions & { socketDir?: string }, lock?: DataDirLock): Promise<Database> {
  // Loaded here: the server runs PGlite on its thread and does not load it on its own.
  const { startEmbeddedServer } = await import('./embedded-server');
  return connectEmbedded(await startEmbeddedServer(options), options.log, options.poolSize ?? EMBEDDED_POOL_SIZE, lock);
}

/** This process's pool on its embedded database's socket; closing it closes the database too. */
function connectEmbedded(server: EmbeddedServer, log: Logger | undefined, poolSize: number, lock?: DataDirLock): Database {
  lock?.publish(server.url);
  const pool = createPool(server.url, poolSize, 'embedded', log);
  return {
    db: drizzle(pool),
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
  /** The server's embedded database, started ahead (embedded-start.ts). */
  started?: Promise<StartedEmbedded>;
}

/**
 * Opens the configured database: the server at DATABASE_URL, or the embedded one under DATA_DIR/pg
 * (for the server, on its own thread, begun already by start.ts when `started` is given).
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openServerDatabase(options.databaseUrl, options);
  if (options.role === 'server') {
    const { server, lock } = await (options.started ?? startServerDatabase(options.dataDir, options.log));
    return connectEmbedded(server, options.log, EMBEDDED_SERVER_POOL_SIZE, lock);
  }
  const { home, dataDir, lock } = lockDataDir(options.dataDir);
  if (lock.heldBy) {
    if (!lock.heldBy.url) throw inUseError(dataDir, lock.heldBy.pid);
    const pool = createPool(lock.heldBy.url, EMBEDDED_POOL_SIZE, 'shared', options.log);
    return { db: drizzle(pool), pool, url: lock.heldBy.url, mode: 'embedded-client', close: () => pool.end() };
  }
  try {
    // A CLI's or a worker's own embedded database runs inline.
    return await openEmbeddedDatabase({ ...options, dataDir, socketDir: home }, lock);
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
