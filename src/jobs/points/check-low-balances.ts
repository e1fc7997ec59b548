import { z } from 'zod';
import { checkLowBalances } from '../../server/modules/points/balance.service';
import { defineJob } from '../job';

const payload = z.object({}).default({});

declare module '../../server/jobs' {
  interface JobPayloads {
    'check-low-balances': z.input<typeof payload>;
  }
}

/** Reads the balance of every enterprise account with a low-balance threshold, so that usage on the platform that crosses it is mailed without a page being opened. */
export default defineJob({ id: 'check-low-balances', payload, handler: (deps) => checkLowBalances(deps), every: '5 minutes' });
