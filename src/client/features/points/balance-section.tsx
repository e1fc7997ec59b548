import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCwIcon } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/client/components/alerts';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { useToast } from '@/client/components/ui/toast';
import { useSession } from '@/client/features/auth/session';
import { appErrorOf, errorText, validationText } from '@/client/lib/errors';
import { trpc } from '@/client/trpc';
import { formatPoints, type Balance } from '@/shared/points';
import { BalanceChart } from './balance-chart';
import { PointsNotRetrieved } from './points-not-retrieved';
import { refreshLowBalance, showLowBalance } from './low-balance-banner';

/**
 * The remaining M Points with bought and used, the chart, and the low-balance alert; the alert's
 * banner is the management centre's (LowBalanceBanner), told what each balance read found.
 */
export function BalanceSection() {
  const { t } = useTranslation('points');
  const queryClient = useQueryClient();
  const balance = useQuery(trpc.points.balance.queryOptions());
  const headingId = useId();
  const lowBalance = balance.data?.lowBalance;
  useEffect(() => {
    if (lowBalance) showLowBalance(queryClient, lowBalance);
  }, [lowBalance, queryClient]);
  return (
    <section aria-labelledby={headingId} className="space-y-5 rounded-lg border border-border bg-card p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            {t('balance.title')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('balance.lead')}</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void balance.refetch()} disabled={balance.isFetching}>
          <RefreshCwIcon aria-hidden="true" className={balance.isFetching ? 'animate-spin' : undefined} />
          {t('balance.refresh')}
        </Button>
      </div>
      {balance.isError ? <ErrorAlert title={errorText(balance.error)} /> : null}
      {balance.data ? <BalanceFigures balance={balance.data} /> : null}
    </section>
  );
}

function BalanceFigures({ balance }: { balance: Balance }) {
  const { t } = useTranslation('points');
  const general = balance.types.find((figure) => figure.projectType === 9) ?? { bought: 0, used: 0, remaining: 0 };
  return (
    <>
      {!balance.retrieved ? <PointsNotRetrieved /> : null}
      <dl className="grid gap-3 sm:grid-cols-3">
        <Figure label={t('balance.remaining')} value={general.remaining} strong testId="points-remaining" />
        <Figure label={t('balance.bought')} value={general.bought} />
        <Figure label={t('balance.used')} value={general.used} />
      </dl>
      {/* Unread, the account's history is unknown too: no chart, and no word that it comes with the first points. */}
      {balance.retrieved ? <BalanceChart history={balance.history} /> : null}
      <LowBalanceForm threshold={balance.lowBalance.threshold} />
    </>
  );
}

function Figure({ label, value, strong, testId }: { label: string; value: number; strong?: boolean; testId?: string }) {
  const { t } = useTranslation('points');
  return (
    <div className="rounded-md border border-border p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={strong ? 'mt-1 text-3xl font-bold tabular-nums' : 'mt-1 text-xl font-semibold tabular-nums'} data-testid={testId}>
        {formatPoints(value)} <span className="text-sm font-normal text-muted-foreground">{t('balance.unit')}</span>
      </dd>
    </div>
  );
}

function LowBalanceForm({ threshold }: { threshold: number | null }) {
  const { t } = useTranslation('points');
  const session = useSession();
  const showToast = useToast();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [value, setValue] = useState(threshold === null ? '' : String(threshold / 10));
  const [fieldError, setFieldError] = useState<string | undefined>();
  const save = useMutation(
    trpc.points.setLowBalanceAlert.mutationOptions({
      onSuccess: async (result) => {
        setFieldError(undefined);
        showToast({ variant: 'success', title: result.threshold === null ? t('lowBalance.removed') : t('lowBalance.saved'), duration: 2200 });
        // The balance read compares the new threshold with the remaining points; the banner asks after it.
        await queryClient.invalidateQueries({ queryKey: trpc.points.balance.queryKey() });
        await refreshLowBalance(queryClient);
      },
      onError: (error) => {
        const app = appErrorOf(error);
        setFieldError(app?.fieldErrors?.threshold?.[0] ? validationText(app.fieldErrors.threshold[0]) : errorText(error));
      },
    }),
  );
  if (!session.data?.member?.isGroupAdmin) {
    return <p className="text-sm text-muted-foreground">{threshold === null ? t('lowBalance.none') : t('lowBalance.current', { threshold: formatPoints(threshold) })}</p>;
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = value.trim();
    save.mutate({ threshold: trimmed === '' ? null : Number(trimmed) });
  }
  return (
    <form onSubmit={submit} className="space-y-3 border-t border-border pt-5" noValidate>
      <div>
        <h3 className="font-medium">{t('lowBalance.title')}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{t('lowBalance.lead')}</p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <Field id={inputId} label={t('lowBalance.threshold')} error={fieldError} className="w-48">
          <Input inputMode="numeric" value={value} onChange={(event) => setValue(event.target.value)} />
        </Field>
        <Button type="submit" disabled={save.isPending}>
          {t('lowBalance.save')}
        </Button>
        {threshold !== null ? (
          <Button type="button" variant="ghost" disabled={save.isPending} onClick={() => (setValue(''), save.mutate({ threshold: null }))}>
            {t('lowBalance.remove')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
