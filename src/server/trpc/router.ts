import { contentRouter } from '../modules/content/content.router';
import { messagesRouter } from '../modules/messages/messages.router';
import { staffAuthRouter } from '../modules/staff/staff.router';
import { router } from './init';
import { publicProcedure } from './procedures';

export const appRouter = router({
  system: router({
    /** The cheapest procedure there is: the benchmark's baseline. */
    ping: publicProcedure.query(() => 'pong' as const),
  }),
  content: contentRouter,
  messages: messagesRouter,
  staffAuth: staffAuthRouter,
});

export type AppRouter = typeof appRouter;
