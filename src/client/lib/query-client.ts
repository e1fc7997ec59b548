import { QueryClient } from '@tanstack/react-query';
import { i18n, loadNamespaces } from '@/client/i18n';

/** The one query cache, loaded with the first page or header part that reads the server through tRPC (lib/with-queries.tsx). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
  },
});

// Texts from the server (news, errors) come in the visitor's language: fetch them again in the new one.
i18n.on('languageChanged', () => void queryClient.invalidateQueries());

// Error and validation texts are read outside React (lib/errors.ts) when a call fails: fetch them once
// the page is up, well before anyone can send a form.
const later = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1));
later(() => void loadNamespaces(['errors', 'validation']));
