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
}

export function defineJob<I extends JobId, S extends z.ZodType>(job: Job<I, S>): Job<I, S> {
  return job;
}
