import { clsx } from 'clsx';
import { RotateCwIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { PageHeader } from './page-frame';

/** Shown when a page fails to render or its code fails to load even after the one automatic reload. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : undefined;
  return (
    <PageHeader title={t('errorPage.title')} lead={t('errorPage.body')}>
      {detail ? <p className="mt-3 font-mono text-xs break-all text-muted-foreground">{detail}</p> : null}
      {/* The button's look without its component, whose asChild slot (Radix) the entry chunk then does without. */}
      <button type="button" className={clsx(buttonVariants(), 'mt-6')} onClick={() => window.location.reload()}>
        <RotateCwIcon aria-hidden="true" />
        {t('errorPage.reload')}
      </button>
    </PageHeader>
  );
}
