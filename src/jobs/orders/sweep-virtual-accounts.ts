import { z } from 'zod';
import { sweepVirtualAccounts } from '../../server/modules/orders/order-payment.service';
import { defineJob } from '../job';

const payload = z.object({}).default({});

declare module '../../server/jobs' {
  interface JobPayloads {
    'sweep-virtual-accounts': z.input<typeof payload>;
  }
}

/** Asks the payment provider again for virtual accounts it failed to issue, and closes orders whose account went unpaid past its deadline. */
export default defineJob({ id: 'sweep-virtual-accounts', payload, handler: (deps) => sweepVirtualAccounts(deps), every: '1 minute' });
