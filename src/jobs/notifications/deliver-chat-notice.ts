import { z } from 'zod';
import { deliverChatNotice } from '../../server/modules/notifications/outbox.service';
import { defineJob } from '../job';

const payload = z.object({ id: z.uuid() });

declare module '../../server/jobs' {
  interface JobPayloads {
    'deliver-chat-notice': z.input<typeof payload>;
  }
}

/** Pushes one staff chat notice of the outbox. */
export default defineJob({ id: 'deliver-chat-notice', payload, handler: (deps, { id }) => deliverChatNotice(deps, id) });
