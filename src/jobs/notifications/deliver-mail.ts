import { z } from 'zod';
import { deliverMail } from '../../server/modules/notifications/outbox.service';
import { defineJob } from '../job';

const payload = z.object({ id: z.uuid() });

declare module '../../server/jobs' {
  interface JobPayloads {
    'deliver-mail': z.input<typeof payload>;
  }
}

/** Sends one mail of the outbox; retried with back-off by the service, swept if its job is lost. */
export default defineJob({ id: 'deliver-mail', payload, handler: (deps, { id }) => deliverMail(deps, id) });
