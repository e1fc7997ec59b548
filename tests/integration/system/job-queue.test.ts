import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobQueue } from '../../../src/jobs/queue';
import { openTestServices, silentLog, type TestServices } from '../../fixtures/services';

let services: TestServices;

beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services.close());

async function jobTable() {
  const { rows } = await services.deps.db.execute<{ mark: string | null; indexed: boolean }>(sql`
    select obj_description(to_regclass('agenda_jobs'), 'pg_class') as mark,
           to_regclass('agenda_jobs_next_run_at_idx') is not null as indexed`);
  return rows[0]!;
}

/** A queue of another process on the same database: started, then stopped. */
async function startAndStopAnotherQueue(): Promise<void> {
  const queue = createJobQueue({ pool: services.database.pool, log: silentLog, embedded: services.database.mode !== 'server', name: 'another' });
  await queue.start(services.deps);
  await queue.stop();
}

describe('the job table', () => {
  it('is created with its schema mark, and its schema statements run again only when the mark differs', async () => {
    await services.jobs.start(services.deps);
    const created = await jobTable();
    expect(created.mark).toMatch(/^agenda schema [0-9a-f]{16}$/);
    expect(created.indexed).toBe(true);

    // The mark matches: a start does not run the schema statements, so a missing index stays missing.
    await services.deps.db.execute(sql`drop index agenda_jobs_next_run_at_idx`);
    await startAndStopAnotherQueue();
    expect(await jobTable()).toEqual({ mark: created.mark, indexed: false });

    // Another mark (a table made by another version of the backend): the statements run and mark it anew.
    await services.deps.db.execute(sql`comment on table agenda_jobs is 'agenda schema from another version'`);
    await startAndStopAnotherQueue();
    expect(await jobTable()).toEqual({ mark: created.mark, indexed: true });
  });
});

describe('the schedule of a recurring job across starts', () => {
  interface Schedule {
    next: Date | null;
    last: Date | null;
  }
  async function scheduleOf(name: string): Promise<Schedule | undefined> {
    const { rows } = await services.deps.db.execute<{ next_run_at: Date | string | null; last_run_at: Date | string | null }>(
      sql`select next_run_at, last_run_at from agenda_jobs where name = ${name} and type = 'single'`,
    );
    const row = rows[0];
    const date = (value: Date | string | null) => (value === null ? null : new Date(value));
    return row && { next: date(row.next_run_at), last: date(row.last_run_at) };
  }
  const setNextRun = (name: string, at: Date) => services.deps.db.execute(sql`update agenda_jobs set next_run_at = ${at.toISOString()}::timestamptz where name = ${name} and type = 'single'`);

  it('keeps the next run of a job already scheduled, runs an overdue one soon after the start, and gives a job never scheduled its first run an interval after the start', async () => {
    // The other processes on this database stop: only the queue started here runs jobs.
    await services.jobs.stop();
    await startAndStopAnotherQueue();
    const minute = 60_000;
    // Purging sessions (every hour) is due in 20 minutes; checking low balances (every 5 minutes) was
    // due a minute ago, the process that ran jobs having stopped; course reminders (every 10 minutes) were never scheduled.
    const purgeDue = new Date(Date.now() + 20 * minute);
    await setNextRun('purge-expired-sessions', purgeDue);
    await setNextRun('check-low-balances', new Date(Date.now() - minute));
    await services.deps.db.execute(sql`delete from agenda_jobs where name = 'send-course-reminders'`);

    const queue = createJobQueue({ pool: services.database.pool, log: silentLog, embedded: services.database.mode !== 'server', name: 'restarted' });
    const startedAt = Date.now();
    await queue.start(services.deps);
    try {
      expect((await scheduleOf('purge-expired-sessions'))?.next).toEqual(purgeDue);
      const reminders = await scheduleOf('send-course-reminders');
      expect(reminders?.next?.getTime()).toBeGreaterThanOrEqual(startedAt + 10 * minute);
      expect(reminders?.next?.getTime()).toBeLessThanOrEqual(Date.now() + 10 * minute);
      // The overdue check runs at the first round of the new process, and its next run is an interval after that.
      await vi.waitFor(
        async () => {
          const balances = await scheduleOf('check-low-balances');
          expect(balances?.last?.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
          expect(balances?.next?.getTime()).toBe(balances!.last!.getTime() + 5 * minute);
        },
        { timeout: 15_000, interval: 100 },
      );
    } finally {
      await queue.stop();
    }
  });
});
