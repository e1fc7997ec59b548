import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../src/server/db/client';
import { startServerDatabase } from '../../../src/server/db/embedded-start';
import { createLogger } from '../../../src/server/logger';

/**
 * The server's embedded database runs on a thread of its own (src/server/db/embedded-start.ts); a
 * crash in PGlite ends that thread. Whatever the suite's database, this one starts its own.
 */
describe("the embedded database's thread", () => {
  it('is started again when it ends unexpectedly: the pool reconnects, committed rows are there, and it stops cleanly after', { timeout: 120_000 }, async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restart-'));
    const lines: Array<{ msg: string }> = [];
    const log = createLogger('info', 'restart-test', new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk)) as { msg: string }), done()) }));
    try {
      const started = await startServerDatabase(home, log);
      const database = await openDatabase({ dataDir: home, poolSize: 2, role: 'server', started: Promise.resolve(started), log });
      try {
        await database.db.execute(sql`create table kept (note text not null)`);
        await database.db.execute(sql`insert into kept values ('written before the crash')`);
        const crashed = started.thread();
        // As a crash in PGlite ends it: no stop message, no shutdown checkpoint.
        await crashed.terminate();

        await vi.waitFor(async () => expect((await database.db.execute(sql`select note from kept`)).rows).toEqual([{ note: 'written before the crash' }]), { timeout: 60_000, interval: 200 });
        expect(started.thread()).not.toBe(crashed);
        await database.db.execute(sql`insert into kept values ('written after it')`);
        expect((await database.db.execute(sql`select count(*)::int as notes from kept`)).rows).toEqual([{ notes: 2 }]);
        const said = lines.map((line) => line.msg);
        expect(said).toContain('the embedded database stopped unexpectedly; starting it again');
        expect(said).toContain('the embedded database is running again');
      } finally {
        await database.close();
      }
      expect(fs.existsSync(path.join(home, 'pg.lock'))).toBe(false);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
