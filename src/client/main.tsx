import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { PageShell } from './components/layout/page-shell';
import { RouteErrorPage } from './components/layout/route-error-page';
import { i18n, i18nReady } from './i18n';
import { reopenOutsideLine } from './lib/in-app-browser';
import { queryClient } from './lib/query-client';
import { adminRoutes, managementRoute, pageRoutes } from './routes';

const router = createBrowserRouter([
  {
    element: <PageShell />,
    errorElement: <RouteErrorPage />,
    // A page that fails keeps the header and footer around its error.
    children: [{ errorElement: <RouteErrorPage />, children: pageRoutes }],
  },
  { ...managementRoute, errorElement: <RouteErrorPage /> },
  ...adminRoutes.map((route) => ({ ...route, errorElement: <RouteErrorPage /> })),
]);

// Texts from the server (news, errors) come in the visitor's language: fetch them again in the new one.
i18n.on('languageChanged', () => void queryClient.invalidateQueries());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * Fetches the code of the page being opened while the texts load, instead of after them. Settles
 * when it has loaded or failed (a failure reaches the route's error page in the render).
 */
function preloadPageOf(location: Location): Promise<unknown> {
  const loads = (matchRoutes(pageRoutes, location) ?? []).map((match) => {
    const page = (match.route.element as ReactElement | undefined)?.type as { preload?: () => Promise<unknown> } | undefined;
    return page?.preload?.().catch(() => undefined);
  });
  return Promise.all(loads);
}

// In LINE the page reloads with openExternalBrowser=1 first. Otherwise the first render waits for
// the common texts of the visitor's language (one small chunk) and the opened page's code, fetched
// side by side, so that it draws the page itself rather than a loading state.
if (!reopenOutsideLine()) {
  void Promise.all([i18nReady, preloadPageOf(window.location)]).then(() =>
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
