import { useQuery, type QueryClient } from '@tanstack/react-query';
import { BellRingIcon } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { paths } from '@/client/paths';
import { trpc } from '@/client/trpc';
import { formatPoints } from '@/shared/points';

/** Asked on every page of the management centre: a minute is fresh enough between the changes that refresh it. */
const lowBalanceQuery = () => ({ ...trpc.points.lowBalance.queryOptions(), staleTime: 60_000 });

/** After the threshold, a transfer or the balance changed: the banner asks again. */
export function refreshLowBalance(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: trpc.points.lowBalance.queryKey() });
}

/** A balance read compared the remaining points with the alert: the banner shows what it found. */
export function showLowBalance(queryClient: QueryClient, state: { threshold: number | null; below: boolean }): void {
  queryClient.setQueryData(trpc.points.lowBalance.queryKey(), state);
}

/**
 * The low-balance banner (issue 9 part 9) on every page of the management centre while the
 * enterprise account is below its alert. The points texts load only when it shows.
 */
export function LowBalanceBanner() {
  const alert = useQuery(lowBalanceQuery());
  if (!alert.data?.below || alert.data.threshold === null) return null;
  return (
    <Suspense fallback={null}>
      <BannerBody threshold={alert.data.threshold} />
    </Suspense>
  );
}

function BannerBody({ threshold }: { threshold: number }) {
  const { t } = useTranslation('points');
  const { pathname } = useLocation();
  return (
    <Alert role="status" data-testid="low-balance-banner" className="mb-6 border-amber-500/60 bg-amber-50 text-amber-950 dark:bg-amber-950/30 dark:text-amber-100">
      <BellRingIcon aria-hidden="true" />
      <AlertTitle>{t('banner.title', { threshold: formatPoints(threshold) })}</AlertTitle>
      <AlertDescription className="text-amber-900 dark:text-amber-100/90">
        <p>{t('banner.detail')}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          {pathname !== paths.buyPoints ? (
            <Button asChild size="sm">
              <Link to={paths.buyPoints}>{t('banner.buy')}</Link>
            </Button>
          ) : null}
          {pathname !== paths.pointRecord ? (
            <Button asChild size="sm" variant="outline" className="text-foreground">
              <Link to={paths.pointRecord}>{t('banner.records')}</Link>
            </Button>
          ) : null}
        </div>
      </AlertDescription>
    </Alert>
  );
}
