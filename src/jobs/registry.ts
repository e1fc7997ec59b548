import { z } from 'zod';
import type { Deps } from '../server/deps';
import { deliverChatNotice, deliverMail, sweepOutbox } from '../server/modules/notifications/outbox.service';
import { purgeExpiredSessions } from '../server/modules/sessions/sessions.service';
import { purgeStaleAuthRecords } from '../server/modules/auth/rate-limit.service';

/** A background job: its payload schema and a handler that calls a service. */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  payload: S;
  handler(deps: Deps, data: z.output<S>): Promise<unknown>;
  /** Runs on this interval in every process that processes jobs. */
  every?: string;
}

function job<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

const outboxId = z.object({ id: z.uuid() });

export const jobs = {
  'deliver-mail': job({ payload: outboxId, handler: (deps, { id }) => deliverMail(deps, id) }),
  'deliver-chat-notice': job({ payload: outboxId, handler: (deps, { id }) => deliverChatNotice(deps, id) }),
  'sweep-outbox': job({ payload: z.object({}).default({}), handler: (deps) => sweepOutbox(deps), every: '30 seconds' }),
  'purge-expired-sessions': job({ payload: z.object({}).default({}), handler: (deps) => purgeExpiredSessions(deps), every: '1 hour' }),
  'purge-stale-auth-records': job({ payload: z.object({}).default({}), handler: (deps) => purgeStaleAuthRecords(deps), every: '1 hour' }),
};

export type JobName = keyof typeof jobs;
export type JobData<N extends JobName> = z.input<(typeof jobs)[N]['payload']>;
