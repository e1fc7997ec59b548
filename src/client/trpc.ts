import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import type { AppRouter } from '@/server/trpc/router';
import { currentLanguage } from './i18n';
import { queryClient } from './lib/query-client';

export { queryClient };

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: '/trpc',
      transformer: superjson,
      // The server answers (mails, messages, errors) in the visitor's language.
      headers: () => ({ 'x-portal-language': currentLanguage() }),
    }),
  ],
});

/** `trpc.messages.submit.mutationOptions()`, `trpc.system.ping.queryOptions()`: plain TanStack Query options. */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
