/**
 * The job queue services are given as `deps.jobs`. Agenda on the portal's own PostgreSQL
 * implements it (src/jobs/queue.ts); each job is one file, src/jobs/<domain>/<job>.ts.
 */

/**
 * Each job's payload, by job id. Empty here on purpose: every job file adds its own entry by
 * declaration merging (`declare module '../../server/jobs'`), so a service queues a job by id with
 * a type-checked payload while src/server imports nothing from src/jobs (no import cycle).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in the job files
export interface JobPayloads {}

export type JobId = keyof JobPayloads;

export interface JobQueue {
  enqueue<I extends JobId>(id: I, data: JobPayloads[I]): Promise<void>;
}
