import { z } from 'zod';
import { sweepPlatformDeliveries } from '../../server/modules/platform/platform-deliveries.service';
import { defineJob } from '../job';

const payload = z.object({}).default({});

declare module '../../server/jobs' {
  interface JobPayloads {
    'sweep-platform-deliveries': z.input<typeof payload>;
  }
}

/** Delivers platform writes that are due but have no job: lost at a crash, or due for a retry. */
export default defineJob({ id: 'sweep-platform-deliveries', payload, handler: (deps) => sweepPlatformDeliveries(deps), every: '30 seconds' });
