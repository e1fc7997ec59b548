import { RefreshCwIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/client/components/alerts';
import { Button } from '@/client/components/ui/button';

/**
 * The AI platform could not be read, so every figure shows zero (issue 9 part 4): /point-record's
 * words, on every page that shows remaining points, with a way to read them again when given.
 */
export function PointsNotRetrieved({ onRetry, retrying = false }: { onRetry?: () => void; retrying?: boolean }) {
  const { t } = useTranslation('points');
  return (
    <div className="space-y-3" data-testid="points-not-retrieved">
      <ErrorAlert title={t('balance.failed')}>{t('balance.failedDetail')}</ErrorAlert>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
          <RefreshCwIcon aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
          {t('balance.refresh')}
        </Button>
      ) : null}
    </div>
  );
}
