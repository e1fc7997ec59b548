import { z } from 'zod';
import { platformDeliveryView } from '../../../shared/platform';
import { router } from '../../trpc/init';
import { staff } from '../../trpc/procedures';
import { listPlatformDeliveries, retryPlatformDelivery } from './platform.service';

/** The back office's view of the platform outbox (issue 9 part 5): staff with points_management. */
export const platformRouter = router({
  admin: router({
    deliveries: staff('points_management')
      .input(z.object({ failedOnly: z.boolean().default(true), limit: z.number().int().min(1).max(200).default(50) }))
      .output(z.object({ emulated: z.boolean(), items: z.array(platformDeliveryView) }))
      .query(async ({ ctx, input }) => ({ emulated: ctx.deps.platform.mode === 'emulator', items: await listPlatformDeliveries(ctx.deps, input) })),
    /** A failed delivery tried again now, with its idempotency key (never applied twice). */
    retry: staff('points_management')
      .input(z.object({ id: z.uuid({ error: 'validation.invalid' }) }))
      .output(z.object({ outcome: z.enum(['delivered', 'retry', 'failed', 'not-due']), delivery: platformDeliveryView }))
      .mutation(({ ctx, input }) => retryPlatformDelivery(ctx.deps, input.id)),
  }),
});
