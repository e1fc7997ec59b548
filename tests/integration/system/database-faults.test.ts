import { sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobQueue } from '../../../src/jobs/queue';
import { openServerDatabase } from '../../../src/server/db/client';
import { createLogger } from '../../../src/server/logger';
import { startConnectionCutter } from '../../fixtures/cut-connections';
import { openTestServices, silentLog, type TestServices } from '../../fixtures/services';

/**
 * Database faults (issue 7, item 1), on the embedded database or the PostgreSQL server alike: a relay
 * in front of the database cuts the job queue's connections, as a restart or failover does.
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
      await vi.waitFor(() => expect(lines.map((line) => line.msg)).toContain('job queue notifications: reconnected'));
    } finally {
      await queue.stop();
      await queueDatabase.close();
      await cutter.close();
    }
  });
});
