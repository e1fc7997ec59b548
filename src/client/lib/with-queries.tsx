import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * The query cache around a lazily loaded part of the page (a page, the member's corner of the
 * header): loaded with that part, so that the entry chunk carries neither TanStack Query nor tRPC.
 * Every part shares the one cache.
 */
export function WithQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
