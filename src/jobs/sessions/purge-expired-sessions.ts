import { z } from 'zod';
import { purgeExpiredSessions } from '../../server/modules/sessions/sessions.service';
import { defineJob } from '../job';

const payload = z.object({}).default({});

declare module '../../server/jobs' {
  interface JobPayloads {
    'purge-expired-sessions': z.input<typeof payload>;
  }
}

/** Deletes member and staff sessions past their idle time. */
export default defineJob({ id: 'purge-expired-sessions', payload, handler: (deps) => purgeExpiredSessions(deps), every: '1 hour' });
