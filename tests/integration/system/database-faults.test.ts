import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobQueue } from '../../../src/jobs/queue';
import { openServerDatabase } from '../../../src/server/db/client';
import { createHttpApp } from '../../../src/server/http/app';
import { createLogger } from '../../../src/server/logger';
import { startConnectionCutter } from '../../fixtures/cut-connections';
import { openTestServices, silentLog, type TestServices } from '../../fixtures/services';

/**
 * Database faults (issue 7, items 1 and 12), on the embedded database or the PostgreSQL server alike:
 * a relay in front of the database cuts or stalls connections, as a restart, a failover or a hung server does.
 */
let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

function capturingLog() {
  const lines: Array<{ msg: string; level: number }> = [];
  const log = createLogger('info', 'fault-test', new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk))), done()) }));
  return { log, lines };
}

describe('a lost job-queue connection', () => {
  it('is reconnected: the LISTEN is sent again, the process lives on and the database keeps answering', { timeout: 60_000 }, async () => {
    const cutter = await startConnectionCutter(services.database.url);
    const queueDatabase = openServerDatabase(cutter.url, { poolSize: 3, log: silentLog });
    const { log, lines } = capturingLog();
    const queue = createJobQueue({ pool: queueDatabase.pool, log, embedded: false, name: 'fault-test' });
    const listens = () => cutter.sent.split('LISTEN "agenda:jobs"').length - 1;
    try {
      await queue.start(services.deps);
      await vi.waitFor(() => expect(listens()).toBe(1), { timeout: 10_000 });

      cutter.cutAll();
      await vi.waitFor(() => expect(listens()).toBe(2), { timeout: 20_000, interval: 100 });
      await expect(services.deps.db.execute(sql`select 1 as up`)).resolves.toMatchObject({ rows: [{ up: 1 }] });
      await expect(queueDatabase.pool.query('select 1 as up')).resolves.toMatchObject({ rows: [{ up: 1 }] });
      const lost = lines.filter((line) => line.msg === 'job queue notifications: connection lost, reconnecting');
      expect(lost).toHaveLength(1);
      await vi.waitFor(() => expect(lines.map((line) => line.msg)).toContain('job queue notifications: reconnected'), { timeout: 10_000 });
    } finally {
      await queue.stop();
      await queueDatabase.close();
      await cutter.close();
    }
  });
});

describe('a connection lost in the middle of a transaction', () => {
  it('fails that transaction only: the process lives on, the pool answers again, and the loss is logged without the connection', { timeout: 60_000 }, async () => {
    // The pool listens for errors of idle connections only: one in use that lost its server emitted
    // an 'error' nobody listened to, which ended the process (an administrator's pg_terminate_backend did).
    const cutter = await startConnectionCutter(services.database.url);
    const { log, lines } = capturingLog();
    const database = openServerDatabase(cutter.url, { poolSize: 2, log });
    try {
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        cutter.cutAll();
        // Between two statements: the loss reaches the connection as an event, not as a failed query.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 2`);
      });
      await expect(transaction).rejects.toThrow();
      await expect(database.db.execute(sql`select 1 as up`)).resolves.toMatchObject({ rows: [{ up: 1 }] });
      const lost = lines.filter((line) => line.msg === 'database connection lost');
      expect(lost.length).toBeGreaterThan(0);
      // The error, not the connection (whose cancel key and statements pg hangs on some errors).
      expect(JSON.stringify(lost)).not.toMatch(/secretKey|processID|_queryable/);
    } finally {
      await database.close();
      await cutter.close();
    }
  });
});

describe('a database that stops answering', () => {
  it('does not hold /healthz: it answers 200 while the database answers, and 503 within its deadline once it stops', { timeout: 60_000 }, async () => {
    const cutter = await startConnectionCutter(services.database.url);
    const hanging = openServerDatabase(cutter.url, { poolSize: 2, log: silentLog });
    const server = createHttpApp({ ...services.deps, db: hanging.db }, { ready: true }, { development: false }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const healthz = `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`;
    try {
      expect((await fetch(healthz)).status).toBe(200);
      cutter.stall();
      const started = Date.now();
      const answer = await fetch(healthz, { signal: AbortSignal.timeout(15_000) });
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({ status: 'error', database: 'unreachable' });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      server.close();
      server.closeAllConnections();
      cutter.cutAll();
      await hanging.close().catch(() => undefined);
      await cutter.close();
    }
  });
});
