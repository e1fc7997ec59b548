import fs from 'node:fs';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations, type Database } from '../../../src/server/db/client';
import { userById } from '../../../src/server/modules/accounts/users.service';

/** The data-directory lock of the embedded database (always embedded, whatever TEST_DATABASE_URL says). */
const opened: Database[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const database of opened.splice(0).reverse()) await database.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
  dirs.push(dir);
  return dir;
}

async function open(dataDir: string, role: 'server' | 'client') {
  const database = await openDatabase({ dataDir, poolSize: 2, role });
  opened.push(database);
  return database;
}

describe('the embedded data directory', { timeout: 90_000 }, () => {
  it('is held by one server; a second server is refused and a client goes through the first one', async () => {
    const dataDir = tempDir();
    const server = await open(dataDir, 'server');
    expect(server.mode).toBe('embedded');
    await runMigrations(server.db);
    const lock = JSON.parse(fs.readFileSync(path.join(dataDir, 'pg.lock'), 'utf8'));
    expect(lock).toEqual({ pid: process.pid, url: server.url });

    // The holder is this very process, so pretend to be another one by pointing the lock at a live pid.
    fs.writeFileSync(path.join(dataDir, 'pg.lock'), JSON.stringify({ pid: process.ppid, url: server.url }));
    await expect(open(dataDir, 'server')).rejects.toThrow(/in use by process/);
    const client = await open(dataDir, 'client');
    expect(client.mode).toBe('embedded-client');
    await server.db.execute(sql`create table lock_probe (note text)`);
    await server.db.execute(sql`insert into lock_probe values ('written by the server')`);
    const { rows } = await client.pool.query('select note from lock_probe');
    expect(rows).toEqual([{ note: 'written by the server' }]);
    // The client shares the server's one session: its prepared queries answer, and leave no named statement behind there.
    expect(await userById(client.db, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(await userById(client.db, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
    const named = await server.db.execute<{ name: string }>(sql`select name from pg_prepared_statements where name like 'user_by_id_%'`);
    expect(named.rows).toEqual([]);
    fs.writeFileSync(path.join(dataDir, 'pg.lock'), JSON.stringify({ pid: process.pid, url: server.url }));
  });

  it('is reached only through a Unix socket inside DATA_DIR: the directory 0700, the socket and the lock 0600, no TCP port', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const server = await open(dataDir, 'server');
    const mode = (file: string) => fs.statSync(file).mode & 0o777;
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'pg.lock'))).toBe(0o600);
    const socket = path.join(dataDir, '.s.PGSQL.5432');
    expect(fs.statSync(socket).isSocket()).toBe(true);
    expect(mode(socket)).toBe(0o600);
    // What the lock file publishes names the socket's directory, not a host and port.
    const published = JSON.parse(fs.readFileSync(path.join(dataDir, 'pg.lock'), 'utf8')).url as string;
    expect(published).toBe(`postgres://postgres@${encodeURIComponent(dataDir)}/postgres`);
    expect(published).not.toMatch(/127\.0\.0\.1|localhost|:\d+\//);
    const { rows } = await server.pool.query('select 1 as up');
    expect(rows).toEqual([{ up: 1 }]);
    await server.close();
    opened.pop();
    expect(fs.existsSync(socket)).toBe(false);
  });

  it('takes over a lock left by a process that died, and keeps the data', async () => {
    const dataDir = tempDir();
    const first = await open(dataDir, 'server');
    await first.db.execute(sql`create table kept (value int)`);
    await first.db.execute(sql`insert into kept values (42)`);
    await first.close();
    opened.pop();
    expect(fs.existsSync(path.join(dataDir, 'pg.lock'))).toBe(false);
    // A pid far above any running process stands for a server killed with SIGKILL.
    fs.writeFileSync(path.join(dataDir, 'pg.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, url: `postgres://postgres@${encodeURIComponent(dataDir)}/postgres` }));
    // Its socket file was left behind too.
    fs.writeFileSync(path.join(dataDir, '.s.PGSQL.5432'), '');
    const second = await open(dataDir, 'server');
    const { rows } = await second.pool.query('select value from kept');
    expect(rows).toEqual([{ value: 42 }]);
  });
});

/** pg's protocol connection (pg.Connection), which sends one message per call; its published types leave out connect and startup. */
interface ProtocolConnection {
  connect(socketPath: string): void;
  startup(config: Record<string, string>): void;
  parse(query: { text: string }, more: boolean): void;
  bind(config: object, more: boolean): void;
  execute(config: object, more: boolean): void;
  once(event: string, listener: () => void): void;
  stream: Socket;
}

describe("the server's embedded database", { timeout: 90_000 }, () => {
  /** Ticks of a 5 ms interval on this thread while `query` runs. */
  async function ticksDuring(query: Promise<unknown>): Promise<number> {
    let ticks = 0;
    const interval = setInterval(() => ticks++, 5);
    try {
      await query;
    } finally {
      clearInterval(interval);
    }
    return ticks;
  }

  it('serves its connections side by side: every query gets its own answer, every transaction stays whole', async () => {
    const server = await open(tempDir(), 'server');
    expect(server.pool.options.max).toBeGreaterThan(1);
    // 300 parameterised queries at once over the pool's connections: without each connection's
    // Parse-Bind-Execute-Sync kept together, one binds another's statement or answers its value.
    // Each statement's text differs (its tag), so that a Bind to another's statement shows; every
    // tenth carries half a megabyte, so that its messages arrive in several reads of the socket.
    const big = 'x'.repeat(512 * 1024);
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, n) => server.db.execute<{ tag: number; n: number }>(sql`select ${sql.raw(String(n))} as tag, ${n}::int + length(${n % 10 === 0 ? big : ''}) * 0 as n`)),
    );
    expect(answers.map((answer) => answer.rows[0])).toEqual(Array.from({ length: 300 }, (_, n) => ({ tag: n, n })));
    // Read-then-write transactions at once: none sees another's half.
    await server.db.execute(sql`create table counter (n int not null)`);
    await server.db.execute(sql`insert into counter values (0)`);
    await Promise.all(
      Array.from({ length: 60 }, () =>
        server.db.transaction(async (tx) => {
          const { rows } = await tx.execute<{ n: number }>(sql`select n from counter`);
          await tx.execute(sql`update counter set n = ${rows[0]!.n + 1}`);
        }),
      ),
    );
    expect((await server.db.execute<{ n: number }>(sql`select n from counter`)).rows[0]!.n).toBe(60);
  });

  it('runs nothing of a cycle that its connection left before the Sync, and serves the other connections on', async () => {
    const dataDir = tempDir();
    const server = await open(dataDir, 'server');
    await server.db.execute(sql`create table left_behind (n int not null)`);
    // A client that sends an insert's Parse, Bind and Execute and goes before its Sync, as a process
    // that dies mid-query does. PostgreSQL commits an extended query at its Sync, so the row must not
    // be there; run as its messages came, the insert stayed open in the shared session and the next
    // connection's Sync committed it.
    const client = new pg.Connection() as unknown as ProtocolConnection;
    const ready = new Promise<void>((resolve) => client.once('readyForQuery', resolve));
    client.once('connect', () => client.startup({ user: 'postgres', database: 'postgres' }));
    client.connect(path.join(dataDir, '.s.PGSQL.5432'));
    await ready;
    const closed = new Promise((resolve) => client.stream.once('close', resolve));
    client.parse({ text: 'insert into left_behind values (1)' }, false);
    client.bind({}, false);
    client.execute({}, false);
    client.stream.end();
    await closed;
    const rows = async () => (await server.db.execute<{ n: number }>(sql`select count(*)::int as n from left_behind`)).rows[0]!.n;
    expect(await rows()).toBe(0);
    await server.db.execute(sql`insert into left_behind values (2)`);
    expect(await rows()).toBe(1);
  });

  it('runs its queries on a thread of its own: a long query does not hold up this thread, as it does inline', async () => {
    const server = await open(tempDir(), 'server');
    // Half a second of the database's time; on its own thread, this one keeps running meanwhile.
    expect(await ticksDuring(server.db.execute(sql`select pg_sleep(0.5)`))).toBeGreaterThan(20);
    // A client on the same thread as its PGlite (the CLI alone) is held up for the whole query.
    const inline = await open(tempDir(), 'client');
    expect(inline.mode).toBe('embedded');
    expect(await ticksDuring(inline.db.execute(sql`select pg_sleep(0.5)`))).toBeLessThan(5);
  });
});
