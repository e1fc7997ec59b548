import './styles.css';
import './i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { PageShell } from './components/layout/page-shell';
import { RouteErrorPage } from './components/layout/route-error-page';
import { managementRoute, pageRoutes } from './routes';
import { queryClient } from './trpc';

const router = createBrowserRouter([
  {
    element: <PageShell />,
    errorElement: <RouteErrorPage />,
    // A page that fails keeps the header and footer around its error.
    children: [{ errorElement: <RouteErrorPage />, children: pageRoutes }],
  },
  { ...managementRoute, errorElement: <RouteErrorPage /> },
]);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
