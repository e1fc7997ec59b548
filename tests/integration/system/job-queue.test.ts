import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
