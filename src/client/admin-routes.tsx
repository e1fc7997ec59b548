import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import type { AdminHandle } from './features/admin/admin-layout';
import { adminScreens } from './features/admin/screens';
import { lazyPage } from './lib/lazy-page';
import { adminPath, adminSignInPath } from './paths';

/*
 * The back office's routes, loaded on the first visit to /admin (main.tsx adds them to the router
 * then): the entry chunk and the public pages carry no staff code.
 */

const AdminLayout = lazyPage(() => import('./features/admin/admin-layout').then((module) => module.AdminLayout), ['admin']);
const StaffSignInPage = lazyPage(() => import('./features/admin/staff-sign-in-page').then((module) => module.StaffSignInPage), ['admin', 'validation', 'errors']);
const AdminOverviewPage = lazyPage(() => import('./features/admin/overview-page').then((module) => module.AdminOverviewPage), ['admin']);
const AdminNotFoundPage = lazyPage(() => import('./features/admin/overview-page').then((module) => module.AdminNotFoundPage), ['admin']);
const ScreenGuard = lazyPage(() => import('./features/admin/screen-guard').then((module) => module.ScreenGuard), ['admin']);

const adminHandle = (adminScreen: AdminHandle['adminScreen']): AdminHandle => ({ adminScreen });

/**
 * The staff back office (issue 12), outside the page shell: its own sign-in and frame. Its screens
 * come from one list (features/admin/screens.tsx); each is guarded by its permission.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: adminSignInPath,
    element: (
      <Suspense fallback={null}>
        <StaffSignInPage />
      </Suspense>
    ),
  },
  {
    path: adminPath,
    element: (
      <Suspense fallback={null}>
        <AdminLayout />
      </Suspense>
    ),
    children: [
      { index: true, element: <AdminOverviewPage />, handle: adminHandle('overview') },
      ...adminScreens.map(({ id, permission, page: Page }) => ({
        path: `${id}/*`,
        element: (
          <ScreenGuard permission={permission}>
            <Page />
          </ScreenGuard>
        ),
        handle: adminHandle(id),
      })),
      { path: '*', element: <AdminNotFoundPage />, handle: adminHandle('notFound') },
    ],
  },
];
