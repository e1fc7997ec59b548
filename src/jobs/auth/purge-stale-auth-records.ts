import { z } from 'zod';
import { purgeStaleAuthRecords } from '../../server/modules/auth/rate-limit.service';
import { defineJob } from '../job';

const payload = z.object({}).default({});

declare module '../../server/jobs' {
  interface JobPayloads {
    'purge-stale-auth-records': z.input<typeof payload>;
  }
}

/** Deletes sign-in attempt records older than a day. */
export default defineJob({ id: 'purge-stale-auth-records', payload, handler: (deps) => purgeStaleAuthRecords(deps), every: '1 hour' });
