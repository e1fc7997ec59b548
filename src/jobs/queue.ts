import { getCreateIndexesSQL, getCreateTableSQL, getUpdateTimestampTriggerSQL, PostgresBackend } from '@agendajs/postgres-backend';
import { createHash } from 'node:crypto';
import { Agenda, type NotificationChannel } from 'agenda';
import type pg from 'pg';
import type { Deps } from '../server/deps';
import type { JobQueue } from '../server/jobs';
import type { Logger } from '../server/logger';
import type { Job } from './job';
import { jobIds, loadJob } from './registry';

export interface JobRunner extends JobQueue {
  /** Defines every job with these deps and starts processing. */
  start(deps: Deps): Promise<void>;
  stop(): Promise<void>;
}

export interface QueueOptions {
  pool: pg.Pool;
  log: Logger;
  /**
   * The embedded database has no cross-connection LISTEN/NOTIFY, so workers poll; 1 s keeps a
   * contact notice close to immediate. A PostgreSQL server notifies and can poll less often.
   */
  embedded: boolean;
  name?: string;
}

/**
 * The LISTEN connection of a PostgreSQL server can be cut (a restart, a failover, pg_terminate_backend).
 * Its channel then emits 'error', which kills the process unless something listens, and reconnects
 * by itself (every 100 ms while the server is away); meanwhile jobs are still found by polling.
 * Errors are logged once per outage, not on every retry.
 */
function keepListening(channel: NotificationChannel, log: Logger): void {
  let lost = false;
  channel.on('error', (error) => {
    if (!lost) log.warn({ err: error }, 'job queue notifications: connection lost, reconnecting');
    lost = true;
  });
  channel.on('stateChange', (state) => {
    if (state !== 'connected' || !lost) return;
    lost = false;
    log.info('job queue notifications: reconnected');
  });
}

const JOBS_TABLE = 'agenda_jobs';

/**
 * The job table's schema as this version of the backend creates it. The backend's own check (a
 * CREATE ... IF NOT EXISTS, column and index statements and a trigger replaced) costs a tenth of a
 * second on every start of the embedded database, so it runs only when the table does not carry
 * this mark in its comment: on a new database, or after an upgrade of the backend changed the schema.
 */
const schemaMark = `agenda schema ${createHash('sha256')
  .update([getCreateTableSQL(JOBS_TABLE), ...getCreateIndexesSQL(JOBS_TABLE), getUpdateTimestampTriggerSQL(JOBS_TABLE)].join('\n'))
  .digest('hex')
  .slice(0, 16)}`;

async function schemaIsCurrent(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ mark: string | null }>(`select obj_description(to_regclass('${JOBS_TABLE}'), 'pg_class') as mark`);
  return rows[0]?.mark === schemaMark;
}

async function openAgenda(options: QueueOptions): Promise<Agenda> {
  const current = await schemaIsCurrent(options.pool);
  const backend = new PostgresBackend({ pool: options.pool, tableName: JOBS_TABLE, disableNotifications: options.embedded, ensureSchema: !current });
  if (backend.notificationChannel) keepListening(backend.notificationChannel, options.log);
  const agenda = new Agenda({
    backend,
    name: options.name ?? `portal-${process.pid}`,
    processEvery: options.embedded ? 1000 : 5000,
    // Short lock lifetime: a crashed worker's job is taken over soon, and stop() does not hang on a lock timer.
    defaultLockLifetime: 60_000,
    removeOnComplete: true,
  }).on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  if (!current) {
    await agenda.ready;
    await options.pool.query(`comment on table ${JOBS_TABLE} is '${schemaMark}'`);
  }
  return agenda;
}

/**
 * The recurring jobs' schedules, as a process that runs jobs starts. A job never scheduled on this
 * database first runs one interval after the start. A job already scheduled keeps its next run, so
 * that a restart does not put it off (an overdue run runs in the first round after the start): with
 * `skipImmediate`, `every()` computes start + interval and the backend writes it over the stored
 * time, so a process restarted more often than a job's interval never ran the job. Without it,
 * `every()` asks for a run now, which the postgres backend's upsert of a 'single' job does not
 * write over a stored next run (`coalesce(next_run_at, excluded.next_run_at)` when the asked time
 * is not in the future); its interval, options and data are still updated.
 */
async function scheduleRecurring(agenda: Agenda, pool: pg.Pool, jobs: Job[]): Promise<void> {
  const recurring = jobs.flatMap((job) => (job.every ? [{ id: job.id, every: job.every }] : []));
  if (recurring.length === 0) return;
  const { rows } = await pool.query<{ name: string }>(`select name from ${JOBS_TABLE} where type = 'single' and next_run_at is not null and name = any($1)`, [
    recurring.map((job) => job.id),
  ]);
  const scheduled = new Set(rows.map((row) => row.name));
  for (const job of recurring) {
    await agenda.every(job.every, job.id, {}, { skipImmediate: !scheduled.has(job.id) });
  }
}

/** Runs of a `runHere` job in this process, at most `limit` at once, the rest waiting in order. */
function localRuns(job: Job, deps: Deps, log: Logger) {
  const limit = job.concurrency ?? 1;
  const waiting: unknown[] = [];
  const running = new Set<Promise<void>>();
  const next = () => {
    while (running.size < limit && waiting.length > 0) {
      const data = waiting.shift();
      const run: Promise<void> = job
        .handler(deps, data)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error, job: job.id }, 'job failed'),
        )
        .finally(() => {
          running.delete(run);
          next();
        });
      running.add(run);
    }
  };
  return {
    add(data: unknown) {
      waiting.push(data);
      next();
    },
    /** Starts nothing more (what waits is left to the job's sweep) and lets what runs finish. */
    async stop() {
      waiting.length = 0;
      await Promise.all(running);
    },
  };
}

/** Agenda on the portal's own PostgreSQL pool (table agenda_jobs). */
export function createJobQueue(options: QueueOptions): JobRunner {
  // Opened on first use: Agenda connects (and creates its table) as soon as it exists, and a CLI
  // command that never queues a job should not touch it.
  let instance: Promise<Agenda> | undefined;
  const agendaOf = () => (instance ??= openAgenda(options));
  let started = false;
  /** The `runHere` jobs of this process, while it runs jobs. */
  const runsHere = new Map<string, ReturnType<typeof localRuns>>();

  return {
    async enqueue(id, data) {
      const job = await loadJob(id);
      const payload = job.payload.parse(data);
      const here = runsHere.get(id);
      if (here) here.add(payload);
      else await (await agendaOf()).now(id, payload);
    },
    async start(deps) {
      const agenda = await agendaOf();
      const jobs = await Promise.all(jobIds.map(loadJob));
      for (const job of jobs) if (job.runHere) runsHere.set(job.id, localRuns(job, deps, options.log));
      for (const job of jobs) {
        agenda.define(
          job.id,
          async (run) => {
            await job.handler(deps, job.payload.parse(run.attrs.data ?? {}));
          },
          job.concurrency ? { concurrency: job.concurrency } : {},
        );
      }
      // Schedules first: start() sets off a round of processing whose queries would otherwise
      // queue ahead of them on the embedded database's one connection and delay the start.
      await scheduleRecurring(agenda, options.pool, jobs);
      await agenda.start();
      started = true;
    },
    async stop() {
      const here = [...runsHere.values()];
      runsHere.clear();
      await Promise.all(here.map((runs) => runs.stop()));
      if (!instance) return;
      const agenda = await instance.catch(() => undefined);
      await agenda?.ready.catch(() => undefined);
      if (started) await agenda?.stop(false);
      started = false;
    },
  };
}
