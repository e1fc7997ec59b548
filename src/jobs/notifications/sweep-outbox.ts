import { z } from 'zod';
import { sweepOutbox } from '../../server/modules/notifications/outbox.service';
import { defineJob } from '../job';

const payload = z.object({}).default({});

declare module '../../server/jobs' {
  interface JobPayloads {
    'sweep-outbox': z.input<typeof payload>;
  }
}

/** Delivers outbox rows that are due but have no job (lost at a crash, or due for a retry). */
export default defineJob({ id: 'sweep-outbox', payload, handler: (deps) => sweepOutbox(deps), every: '30 seconds' });
