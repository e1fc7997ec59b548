import type { z } from 'zod';
import type { Deps } from '../server/deps';
import type { JobId } from '../server/jobs';

/** A background job: its id, its payload schema and a handler that calls a service. */
export interface Job<I extends JobId = JobId, S extends z.ZodType = z.ZodType> {
  id: I;
  payload: S;
  handler(deps: Deps, data: z.output<S>): Promise<unknown>;
  /** Runs on this interval in every process that processes jobs. */
  every?: string;
  /** How many of this job one process runs at once (Agenda's default otherwise). */
  concurrency?: number;
  /**
   * Queued by a process that runs jobs itself: run there at once (at most `concurrency` at a time),
   * without a job row to write, poll, lock and delete. Only for a job whose work a sweep finds again,
   * since a run waiting in memory is lost with the process. Other processes (the CLI, a server whose
   * jobs run in a worker) queue it as usual.
   */
  runHere?: boolean;
}

export function defineJob<I extends JobId, S extends z.ZodType>(job: Job<I, S>): Job<I, S> {
  return job;
}
