import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import type { AppRouter } from '@/server/trpc/router';
import { currentLanguage } from './i18n';
import { queryClient } from './lib/query-client';
import { isAdminPath } from './paths';

export { queryClient };

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: '/trpc',
      transformer: superjson,
      // The server answers (mails, messages, errors) in the visitor's language. The back office at
      // /admin signs in with its own cookie: its calls say so, and a member session in the same
      // browser does not stand in for the staff one (nor the other way round).
      headers: () => ({ 'x-portal-language': currentLanguage(), 'x-portal-area': isAdminPath(window.location.pathname) ? 'admin' : 'portal' }),
    }),
  ],
});

/** `trpc.messages.submit.mutationOptions()`, `trpc.system.ping.queryOptions()`: plain TanStack Query options. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
