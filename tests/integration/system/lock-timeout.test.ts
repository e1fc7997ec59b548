import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTimeouts } from '../../../src/server/db/client';
import { createHttpApp } from '../../../src/server/http/app';
import { makeMember } from '../../factories/members';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

/**
 * Issue 7 item 12 on the PostgreSQL server: a row lock held elsewhere (a stuck transaction, a long
 * migration) makes a request wait at most the lock time-out, and /healthz answers meanwhile. The
 * embedded database runs every connection in one session, so no other session can hold a lock there:
 * this file runs where CI runs the integration suite against the server.
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);

let services: TestServices;
beforeAll(async () => {
  if (onServer) services = await openTestServices();
});
afterAll(() => services?.close());

describe.runIf(onServer)('a row locked by another session', () => {
  it('gives up after the lock time-out instead of hanging, while /healthz keeps answering', { timeout: 60_000 }, async () => {
    const member = await makeMember(services.deps.db);
    const holder = new pg.Client({ connectionString: services.database.url });
    await holder.connect();
    const server = createHttpApp(services.deps, { ready: true }, { development: false }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      await holder.query('begin');
      await holder.query('select id from users where id = $1 for update', [member.id]);

      const started = Date.now();
      const change = callerFor(services.deps, { kind: 'member', userId: member.id }).accounts.setLanguage({ language: 'en' });
      const health = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`, { signal: AbortSignal.timeout(5_000) });
      expect(health.status).toBe(200);
      await expect(change).rejects.toBeDefined();
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(databaseTimeouts.lockMs - 500);
      expect(waited).toBeLessThan(databaseTimeouts.statementMs);
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await holder.end();
      server.close();
      server.closeAllConnections();
    }
  });
});
