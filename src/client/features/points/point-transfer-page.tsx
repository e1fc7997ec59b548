import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeftRightIcon, LoaderCircleIcon } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/client/components/ui/native-select';
import { useToast } from '@/client/components/ui/toast';
import { PageTitle, Section, TeamError, useChosenTeamId } from '@/client/features/teams/team-common';
import { validationText } from '@/client/lib/errors';
import { amountRefusalText } from './transfer-refusal';
import { paths, teamPath } from '@/client/paths';
import { trpc } from '@/client/trpc';
import { formatPoints, transferDirection, visibleProjectTypes, type TransferSides } from '@/shared/points';
import { refreshLowBalance } from './low-balance-banner';
import { PointsNotRetrieved } from './points-not-retrieved';

/** /management-center/point-transfer?team=<id> (spec section 2): the team administrator moves points; without a chosen team, back to /member. */
export function PointTransferPage() {
  const teamId = useChosenTeamId();
  if (!teamId) return <Navigate to={paths.memberProfile} replace />;
  return <Transfer key={teamId} teamId={teamId} />;
}

function Transfer({ teamId }: { teamId: string }) {
  const { t } = useTranslation('points');
  const sides = useQuery(trpc.points.transferSides.queryOptions({ teamId }));
  return (
    <div className="space-y-6">
      <PageTitle title={t('transfer.title')} lead={t('transfer.lead')} />
      {sides.isError ? <TeamError error={sides.error} /> : null}
      {sides.data ? (
        <>
          {/* Unread, the figures are zeros, not what may be moved: nothing is offered until they are read. */}
          {!sides.data.retrieved ? <PointsNotRetrieved onRetry={() => void sides.refetch()} retrying={sides.isFetching} /> : null}
          <Figures data={sides.data} />
          {sides.data.retrieved ? <TransferForm teamId={teamId} data={sides.data} /> : null}
          <p className="text-sm">
            <Link className="underline underline-offset-4" to={teamPath('teamPointsRecord', teamId)}>
              {t('transfer.records')}
            </Link>
          </p>
        </>
      ) : null}
    </div>
  );
}

function Figures({ data }: { data: TransferSides }) {
  const { t } = useTranslation('points');
  const remaining = (side: TransferSides['account'], type: number) => side.find((figure) => figure.projectType === type)?.remaining ?? 0;
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {(['account', 'team'] as const).map((side) => (
        <div key={side} className="rounded-lg border border-border bg-card p-5">
          <dt className="text-sm text-muted-foreground">{t(`transfer.${side}`)}</dt>
          {visibleProjectTypes.map((type) => (
            <dd key={type} className="mt-1 text-2xl font-semibold tabular-nums" data-testid={`transfer-${side}-${type}`}>
              {formatPoints(remaining(data[side], type))} <span className="text-sm font-normal text-muted-foreground">{t(`projectTypes.${type}` as 'projectTypes.9')}</span>
            </dd>
          ))}
        </div>
      ))}
    </dl>
  );
}

function TransferForm({ teamId, data }: { teamId: string; data: TransferSides }) {
  const { t } = useTranslation('points');
  const queryClient = useQueryClient();
  const showToast = useToast();
  const ids = { direction: useId(), type: useId(), amount: useId() };
  const [direction, setDirection] = useState<'toTeam' | 'toAccount'>(transferDirection.toTeam);
  const [type, setType] = useState<number>(visibleProjectTypes[0]!);
  const [amount, setAmount] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  /** The amount's own message, translated: empty, or what the server said of the points. */
  const [amountError, setAmountError] = useState<string | undefined>(undefined);
  const amountInput = useRef<HTMLInputElement>(null);
  const source = direction === transferDirection.toTeam ? data.account : data.team;
  const available = source.find((figure) => figure.projectType === type)?.remaining ?? 0;
  const transfer = useMutation(
    trpc.points.transfer.mutationOptions({
      onSuccess: async (_result, variables) => {
        setFailure(null);
        setAmountError(undefined);
        setAmount('');
        showToast({ variant: 'success', title: t('transfer.done', { count: variables.transferList[0]!.points }), duration: 2200 });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.points.transferSides.queryKey({ teamId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.points.teamRecords.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.points.transferRecords.queryKey() }),
          // The enterprise account's balance on /point-record moved too.
          queryClient.invalidateQueries({ queryKey: trpc.points.balance.queryKey() }),
          refreshLowBalance(queryClient),
        ]);
      },
      onError: (error) => {
        // A refused number, or more points than the source holds, is the amount field's message, not
        // 'check the form' above a form that does not say where.
        const message = amountRefusalText(error);
        setAmountError(message);
        setFailure(message ? null : error);
        if (message) amountInput.current?.focus();
      },
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (amount.trim() === '') {
      setFailure(null);
      setAmountError(validationText('validation.required'));
      amountInput.current?.focus();
      return;
    }
    setAmountError(undefined);
    // The server checks every rule; the number goes as typed so a wrong amount gets the catalogue's message.
    transfer.mutate({ teamId, direction, transferList: [{ projectType: type, points: Number(amount) }] });
  }

  return (
    <Section id="point-transfer-form" title={t('transfer.submit')}>
      {failure ? (
        <div className="mb-4">
          <TeamError error={failure} />
        </div>
      ) : null}
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-3 sm:items-start" noValidate>
        <Field id={ids.direction} label={t('transfer.direction')}>
          <NativeSelect value={direction} onChange={(event) => setDirection(event.target.value as typeof direction)}>
            <NativeSelectOption value={transferDirection.toTeam}>{t('transfer.toTeam')}</NativeSelectOption>
            <NativeSelectOption value={transferDirection.toAccount}>{t('transfer.toAccount')}</NativeSelectOption>
          </NativeSelect>
        </Field>
        <Field id={ids.type} label={t('transfer.projectType')}>
          <NativeSelect value={type} onChange={(event) => setType(Number(event.target.value))}>
            {visibleProjectTypes.map((value) => (
              <NativeSelectOption key={value} value={value}>
                {t(`projectTypes.${value}` as 'projectTypes.9')}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </Field>
        <Field id={ids.amount} label={t('transfer.amount')} description={t('transfer.available', { points: formatPoints(available) })} error={amountError}>
          <Input ref={amountInput} type="number" inputMode="numeric" min={1} step={1} value={amount} onChange={(event) => setAmount(event.target.value)} />
        </Field>
        <div className="sm:col-span-3">
          <Button type="submit" disabled={transfer.isPending}>
            {transfer.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <ArrowLeftRightIcon aria-hidden="true" />}
            {t('transfer.submit')}
          </Button>
        </div>
      </form>
    </Section>
  );
}
