import { z } from 'zod';
import { deliverPlatformDelivery } from '../../server/modules/platform/platform-deliveries.service';
import { defineJob } from '../job';

/** The delivery, and the sequence it is sent in when the scheduler knew it (schedulePlatformDelivery). */
const payload = z.object({ id: z.uuid(), sequenceKey: z.string().min(1).max(100).optional() });

declare module '../../server/jobs' {
  interface JobPayloads {
    'deliver-platform-call': z.input<typeof payload>;
  }
}

/**
 * Sends one platform write of the outbox with its idempotency key; retried with back-off by the
 * service, swept if its run is lost. Run by the process that made the change when it runs jobs (no
 * job row per delivery), two at a time: a burst of transfers is delivered in step with the requests
 * that keep coming, instead of all at once ahead of them. One account's points calls go one after
 * another whatever runs them: a run that finds an earlier one still to be sent leaves its call to
 * the run that sends that one.
 */
export default defineJob({ id: 'deliver-platform-call', payload, handler: (deps, { id, sequenceKey }) => deliverPlatformDelivery(deps, id, sequenceKey), concurrency: 2, runHere: true });
