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
import { pageRoutes } from './routes';

const router = createBrowserRouter([
  {
    element: <PageShell />,
    errorElement: <RouteErrorPage />,
    // A page that fails keeps the header and footer around its error.
    children: [{ errorElement: <RouteErrorPage />, children: pageRoutes }],
  },
]);

// Texts from the server (news, errors) come in the visitor's language: fetch them again in the new one.
i18n.on('languageChanged', () => void queryClient.invalidateQueries());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** Starts fetching the code of the page being opened while the texts load, instead of after them. */
function preloadPageOf(location: Location): void {
  for (const match of matchRoutes(pageRoutes, location) ?? []) {
    const page = (match.route.element as ReactElement | undefined)?.type as { preload?: () => void } | undefined;
    page?.preload?.();
  }
}

// In LINE the page reloads with openExternalBrowser=1 first. Otherwise the page's code is fetched
// while the common texts of the visitor's language load (one small chunk); the first render waits
// for those texts.
if (!reopenOutsideLine()) {
  preloadPageOf(window.location);
  void i18nReady.then(() =>
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
