import { pingOutput } from '../../shared/system';
import { auditRouter } from '../modules/audit/audit.router';
import { accountsRouter } from '../modules/accounts/accounts.router';
import { authRouter } from '../modules/auth/auth.router';
import { settingsRouter } from '../modules/settings/settings.router';
import { contentRouter } from '../modules/content/content.router';
import { coursesRouter } from '../modules/courses/courses.router';
import { messagesRouter } from '../modules/messages/messages.router';
import { platformRouter } from '../modules/platform/platform.router';
import { pointsRouter } from '../modules/points/points.router';
import { staffRouter } from '../modules/staff/staff.router';
import { teamsRouter } from '../modules/teams/teams.router';
import { packagesRouter } from '../modules/packages/packages.router';
import { ordersRouter } from '../modules/orders/orders.router';
import { shopRouter } from '../modules/shop/shop.router';
import { router } from './init';
import { checked, publicProcedure } from './procedures';

export const appRouter = router({
  system: router({
    /** The cheapest procedure there is: the benchmark's baseline. */
    ping: publicProcedure.output(checked(pingOutput)).query(() => 'pong' as const),
  }),
  content: contentRouter,
  messages: messagesRouter,
  staff: staffRouter,
  auth: authRouter,
  accounts: accountsRouter,
  settings: settingsRouter,
  points: pointsRouter,
  platform: platformRouter,
  teams: teamsRouter,
  courses: coursesRouter,
  packages: packagesRouter,
  orders: ordersRouter,
  audit: auditRouter,
  shop: shopRouter,
});

export type AppRouter = typeof appRouter;
