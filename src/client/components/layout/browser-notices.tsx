import { InfoIcon, TriangleAlertIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert';

const purchaseSteps = ['login', 'buy', 'transfer'] as const;

function DismissButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" onClick={onClick} className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted">
      <XIcon className="size-4" aria-hidden="true" />
      <span className="sr-only">{t('actions.close')}</span>
    </button>
  );
}

/**
 * Notices above every page (spec section 2): open the link in the default browser when the page runs
 * inside an app, and, when the address carries a uuid, how buying points for that system works. The
 * page shell decides whether either applies and loads this only then (see page-shell.tsx).
 */
export function BrowserNotices({ inApp, platformId }: { inApp: boolean; platformId: string | null }) {
  const { t } = useTranslation();
  const [showPurchase, setShowPurchase] = useState(true);
  const [showInApp, setShowInApp] = useState(true);
  if (!(inApp && showInApp) && !(platformId && showPurchase)) return null;
  return (
    <div className="mx-auto max-w-6xl space-y-3 px-4 pt-4 sm:px-6">
      {inApp && showInApp ? (
        <Alert role="alert" variant="destructive" className="pr-10">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertTitle>{t('notices.inAppBrowser.title')}</AlertTitle>
          <AlertDescription>{t('notices.inAppBrowser.body')}</AlertDescription>
          <DismissButton onClick={() => setShowInApp(false)} />
        </Alert>
      ) : null}
      {platformId && showPurchase ? (
        <Alert role="status" className="pr-10" data-testid="purchase-notice">
          <InfoIcon aria-hidden="true" />
          <AlertTitle>{t('notices.purchase.title')}</AlertTitle>
          <AlertDescription>
            <p>{t('notices.purchase.intro')}</p>
            <ol className="mt-2 list-decimal space-y-1 pl-5">
              {purchaseSteps.map((step) => (
                <li key={step}>{t(`notices.purchase.steps.${step}`)}</li>
              ))}
            </ol>
            <p className="mt-2 text-xs">{t('notices.purchase.platformId', { id: platformId })}</p>
          </AlertDescription>
          <DismissButton onClick={() => setShowPurchase(false)} />
        </Alert>
      ) : null}
    </div>
  );
}
