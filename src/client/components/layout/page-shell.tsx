import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { PageLoading } from '@/client/components/page-loading';
import { ToastProvider } from '@/client/components/ui/toast';
import { isInAppBrowser, keepPlatformId } from '@/client/lib/in-app-browser';
import { loadOrReloadOnce } from '@/client/lib/reload-once';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useDocumentTitle } from './use-document-title';

const mainContentId = 'main-content';

// Loaded only for a visitor who has a notice to read: most never do.
const BrowserNotices = lazy(() => loadOrReloadOnce(() => import('./browser-notices')).then((module) => ({ default: module.BrowserNotices })));

/** The first stop of the keyboard: straight to the page's main content, past the top bar. */
export function SkipLink({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={`#${to}`}
      className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t('skipToContent')}
    </a>
  );
}

/** Header, main content and footer around every public page. */
export function PageShell() {
  const { t } = useTranslation();
  const { search } = useLocation();
  // Asked once, on the first page: the uuid is kept for the purchase (keepPlatformId) whether or not the notice is read.
  const [notices] = useState(() => ({ inApp: isInAppBrowser(), platformId: keepPlatformId(search) }));
  useDocumentTitle();
  return (
    <ToastProvider label={t('notifications')} closeLabel={t('actions.close')}>
      <div className="flex min-h-dvh flex-col">
        <SkipLink to={mainContentId} />
        <SiteHeader />
        <main id={mainContentId} tabIndex={-1} className="flex-1 focus:outline-none">
          {notices.inApp || notices.platformId ? (
            <Suspense fallback={null}>
              <BrowserNotices inApp={notices.inApp} platformId={notices.platformId} />
            </Suspense>
          ) : null}
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
        <SiteFooter />
      </div>
      <ScrollToTop focusId={mainContentId} />
      <ScrollRestoration />
    </ToastProvider>
  );
}
