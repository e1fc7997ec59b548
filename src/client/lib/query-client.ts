import { QueryClient } from '@tanstack/react-query';

/** The one query cache. Kept apart from the tRPC client so that the entry chunk does not carry it. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
  },
});
