import './styles.css';
import { i18nReady } from './i18n';
import { probedSession } from './lib/session-probe';
import { StrictMode, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { PageShell } from './components/layout/page-shell';
import { RouteErrorPage } from './components/layout/route-error-page';
import { reopenOutsideLine } from './lib/in-app-browser';
import { loadOrReloadOnce } from './lib/reload-once';
import { isAdminPath, isManagementCenterPath } from './paths';
import { pageRoutes } from './routes';

const withErrorPage = (route: RouteObject): RouteObject => ({ ...route, errorElement: <RouteErrorPage /> });

/**
 * The management centre and the back office, each fetched on the first visit to its address and
 * added to the router then: the entry chunk carries no member or staff code.
 */
const areas = [
  { holds: isManagementCenterPath, load: () => import('./management-routes').then((module) => [module.managementRoute]) },
  { holds: isAdminPath, load: () => import('./admin-routes').then((module) => module.adminRoutes) },
].map((area) => {
  let routes: Promise<RouteObject[]> | undefined;
  return { holds: area.holds, routes: () => (routes ??= loadOrReloadOnce(area.load).then((loaded) => loaded.map(withErrorPage))), added: false };
});

const router = createBrowserRouter(
  [
    {
      element: <PageShell />,
      errorElement: <RouteErrorPage />,
      // A page that fails keeps the header and footer around its error.
      children: [{ errorElement: <RouteErrorPage />, children: pageRoutes }],
    },
  ],
  {
    async patchRoutesOnNavigation({ path, patch }) {
      const area = areas.find((candidate) => !candidate.added && candidate.holds(new URL(path, window.location.origin).pathname));
      if (!area) return;
      const routes = await area.routes();
      if (area.added) return;
      area.added = true;
      patch(null, routes);
    },
  },
);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * Fetches the code of the page being opened while the texts load, instead of after them. Settles
 * when it has loaded or failed (a failure reaches the route's error page in the render).
 */
function preloadPageOf(location: Location): Promise<unknown> {
  const area = areas.find((candidate) => candidate.holds(location.pathname));
  const routes = area ? area.routes().catch(() => []) : Promise.resolve(pageRoutes);
  return routes.then((candidates) => {
    const loads = (matchRoutes(candidates, location) ?? []).map((match) => {
      const page = (match.route.element as ReactElement | undefined)?.type as { preload?: () => Promise<unknown> } | undefined;
      return page?.preload?.().catch(() => undefined);
    });
    return Promise.all(loads);
  });
}

// In LINE the page reloads with openExternalBrowser=1 first. Otherwise the first render waits for
// the common texts of the visitor's language (one small chunk, asked first), the answer of the
// session probe (preloaded by index.html) and the opened page's code, fetched side by side, so that
// it draws the page itself rather than a loading state.
if (!reopenOutsideLine()) {
  void Promise.all([i18nReady, probedSession, preloadPageOf(window.location)]).then(() =>
    createRoot(root).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
}
