import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRingIcon, CoinsIcon, RefreshCwIcon, SearchIcon } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { ErrorAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { Textarea } from '@/client/components/ui/textarea';
import { useToast } from '@/client/components/ui/toast';
import { BalanceChart } from '@/client/features/points/balance-chart';
import { appErrorOf, errorText, validationText } from '@/client/lib/errors';
import { trpc } from '@/client/trpc';
import { bonusGrantInput, formatPoints, projectType, projectTypes, staffBalanceInput, toTenths, type Balance, type BonusGrantForm } from '@/shared/points';
import { AdminCard, AdminPageHeader } from '../admin-page';

/** The general type first (its figures are the sum of every type), then the others in their order. */
const typeOrder = [projectType.mPoint, ...projectTypes.filter((type) => type !== projectType.mPoint)];

type FieldName = 'account' | 'points' | 'reason';
type FieldErrors = Partial<Record<FieldName, string>>;

/** The translated message of each refused field: a schema's message key, or a catalogue error that names the account. */
function fieldErrorsOf(error: unknown): FieldErrors | undefined {
  const app = appErrorOf(error);
  if (!app) return undefined;
  if (app.code === 'UserNotFound') return { account: errorText(error) };
  const fields = Object.entries(app.fieldErrors ?? {}).filter(([name, messages]) => ['account', 'points', 'reason'].includes(name) && messages[0]);
  return fields.length ? Object.fromEntries(fields.map(([name, messages]) => [name, validationText(messages[0])])) : undefined;
}

/** The same schema the server applies, run before asking the server (or the staff member's confirmation). */
function localFieldErrors(error: z.ZodError): FieldErrors {
  const messages = z.flattenError(error).fieldErrors as Record<string, string[] | undefined>;
  return Object.fromEntries(Object.entries(messages).flatMap(([name, list]) => (list?.[0] ? [[name, validationText(list[0])]] : [])));
}

/** Points as typed: full-width digits read as digits; empty is 'no number', which the schema refuses. */
function typedPoints(text: string): number | undefined {
  const normalized = text.normalize('NFKC').trim();
  return normalized === '' ? undefined : Number(normalized);
}

/** /admin/accountPoints (points_management): any enterprise account's points per project type, and bonus points granted with a reason. */
export function AccountPointsScreen() {
  const { t } = useTranslation('points');
  const [params, setParams] = useSearchParams();
  const account = params.get('account') ?? '';
  const [draft, setDraft] = useState(account);
  const [draftError, setDraftError] = useState<string | undefined>();
  const lookupId = useId();
  const balance = useQuery({ ...trpc.points.admin.balance.queryOptions({ account }), enabled: account !== '', retry: false });
  const lookupFailure = balance.isError ? fieldErrorsOf(balance.error)?.account : undefined;

  function lookUp(event: FormEvent) {
    event.preventDefault();
    // A group id typed in lower case is still that group's: the server reads ids in capitals.
    const parsed = staffBalanceInput.safeParse({ account: /^\s*[a-z0-9]{14}\s*$/i.test(draft) ? draft.toUpperCase() : draft });
    if (!parsed.success) return setDraftError(localFieldErrors(parsed.error).account);
    setDraftError(undefined);
    if (parsed.data.account === account) void balance.refetch();
    else setParams({ account: parsed.data.account });
  }

  return (
    <>
      <AdminPageHeader title={t('admin.accountPoints.title')} lead={t('admin.accountPoints.lead')} />
      <div className="space-y-6">
        <AdminCard>
          <form onSubmit={lookUp} noValidate role="search" aria-label={t('admin.accountPoints.lookup.title')} className="flex flex-wrap items-start gap-3">
            <Field id={lookupId} label={t('admin.accountPoints.lookup.label')} description={t('admin.accountPoints.lookup.hint')} error={draftError ?? lookupFailure} className="min-w-0 flex-1 basis-64 sm:max-w-md">
              <Input type="search" autoComplete="off" spellCheck={false} value={draft} onChange={(event) => (setDraft(event.target.value), setDraftError(undefined))} />
            </Field>
            <Button type="submit" className="sm:mt-7" disabled={balance.isFetching}>
              <SearchIcon aria-hidden="true" />
              {balance.isFetching ? t('admin.accountPoints.lookup.looking') : t('admin.accountPoints.lookup.submit')}
            </Button>
          </form>
        </AdminCard>
        {account === '' ? <p className="text-sm text-muted-foreground">{t('admin.accountPoints.lookup.empty')}</p> : null}
        {account !== '' && balance.isPending && balance.isFetching ? <PageLoading /> : null}
        {balance.isError && !lookupFailure ? <ErrorAlert title={errorText(balance.error)} /> : null}
        {balance.data && !balance.isError ? (
          <div className="grid gap-6 xl:grid-cols-5">
            <AccountBalance reference={account} balance={balance.data} refreshing={balance.isFetching} onRefresh={() => void balance.refetch()} />
            <GrantForm key={balance.data.groupId} reference={account} groupId={balance.data.groupId} />
          </div>
        ) : null}
      </div>
    </>
  );
}

/** How staff name the account they found: the e-mail they typed and its group, or the group alone. */
function useAccountName(reference: string, groupId: string): string {
  const { t } = useTranslation('points');
  return reference.toUpperCase() === groupId ? groupId : t('admin.accountPoints.accountName', { reference, groupId });
}

function AccountBalance({ reference, balance, refreshing, onRefresh }: { reference: string; balance: Balance & { groupId: string }; refreshing: boolean; onRefresh: () => void }) {
  const { t } = useTranslation('points');
  const headingId = useId();
  const figures = typeOrder.map((type) => balance.types.find((figure) => figure.projectType === type) ?? { projectType: type, bought: 0, used: 0, remaining: 0 });
  const { threshold, below } = balance.lowBalance;
  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-5 rounded-lg border border-border bg-card p-4 shadow-sm sm:p-6 xl:col-span-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold break-words">
            {t('admin.accountPoints.balanceTitle', { groupId: balance.groupId })}
          </h2>
          {reference.toUpperCase() !== balance.groupId ? <p className="mt-1 text-sm break-all">{t('admin.accountPoints.foundBy', { reference })}</p> : null}
          <p className="mt-1 text-sm text-muted-foreground">{balance.retrieved ? t('admin.accountPoints.retrieved') : t('balance.failed')}</p>
        </div>
        <Button variant="outline" size="sm" onClick={onRefresh} disabled={refreshing}>
          <RefreshCwIcon aria-hidden="true" className={refreshing ? 'animate-spin' : undefined} />
          {t('balance.refresh')}
        </Button>
      </div>
      {!balance.retrieved ? <ErrorAlert title={t('balance.failed')}>{t('admin.accountPoints.failedDetail')}</ErrorAlert> : null}
      {below && threshold !== null ? (
        <Alert role="status" className="border-amber-500/60 bg-amber-50 text-amber-950 dark:bg-amber-950/30 dark:text-amber-100">
          <BellRingIcon aria-hidden="true" />
          <AlertTitle>{t('admin.accountPoints.lowBalanceBelow', { threshold: formatPoints(threshold) })}</AlertTitle>
          <AlertDescription>{t('admin.accountPoints.lowBalanceBelowDetail')}</AlertDescription>
        </Alert>
      ) : (
        <p className="text-sm text-muted-foreground">{threshold === null ? t('admin.accountPoints.lowBalanceNone') : t('admin.accountPoints.lowBalanceAbove', { threshold: formatPoints(threshold) })}</p>
      )}
      <Table label={t('admin.accountPoints.typesTitle')} className="min-w-[18rem]">
        <TableHeader>
          <TableRow>
            <TableHead>{t('records.projectType')}</TableHead>
            <TableHead align="right">{t('balance.bought')}</TableHead>
            <TableHead align="right">{t('balance.used')}</TableHead>
            <TableHead align="right">{t('balance.remaining')}</TableHead>
          </TableRow>
        </TableHeader>
        <tbody>
          {figures.map((figure) => (
            <TableRow key={figure.projectType} data-testid={`account-type-${figure.projectType}`} className={figure.projectType === projectType.mPoint ? 'font-semibold' : undefined}>
              <TableCell>{t(`projectTypes.${figure.projectType as 0 | 1 | 2 | 3 | 9}`)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatPoints(figure.bought)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatPoints(figure.used)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatPoints(figure.remaining)}</TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
      <p className="text-xs text-muted-foreground">{t('admin.accountPoints.generalNote')}</p>
      <BalanceChart history={balance.history} />
    </section>
  );
}

function GrantForm({ reference, groupId }: { reference: string; groupId: string }) {
  const { t } = useTranslation('points');
  const headingId = useId();
  const pointsId = useId();
  const reasonId = useId();
  const showToast = useToast();
  const queryClient = useQueryClient();
  const name = useAccountName(reference, groupId);
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState<BonusGrantForm | null>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const grant = useMutation(
    trpc.points.admin.grantBonus.mutationOptions({
      onSuccess: async (result) => {
        setPending(null);
        setPoints('');
        setReason('');
        showToast({ variant: 'success', title: t('admin.accountPoints.grant.done', { points: formatPoints(result.points), account: name }), duration: 8000 });
        await queryClient.invalidateQueries({ queryKey: trpc.points.admin.balance.queryKey() });
      },
      onError: (error) => {
        setPending(null);
        const fields = fieldErrorsOf(error);
        setErrors(fields ?? {});
        setFailure(fields?.points || fields?.reason ? null : error);
      },
    }),
  );

  function review(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = bonusGrantInput.safeParse({ account: groupId, points: typedPoints(points), reason });
    if (!parsed.success) return setErrors(localFieldErrors(parsed.error));
    setErrors({});
    setPending(parsed.data);
  }

  const shownPoints = pending ? formatPoints(toTenths(pending.points)) : '';
  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-4 self-start rounded-lg border border-border bg-card p-4 shadow-sm sm:p-6 xl:col-span-2">
      <div>
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
          <CoinsIcon aria-hidden="true" className="size-5 text-primary" />
          {t('admin.accountPoints.grant.title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('admin.accountPoints.grant.lead')}</p>
      </div>
      {failure ? <ErrorAlert title={errorText(failure)} /> : null}
      {errors.account ? <ErrorAlert title={errors.account} /> : null}
      <form onSubmit={review} noValidate aria-labelledby={headingId} className="space-y-4">
        <Field id={pointsId} label={t('admin.accountPoints.grant.points')} description={t('admin.accountPoints.grant.pointsHint')} error={errors.points}>
          <Input inputMode="decimal" autoComplete="off" className="sm:max-w-56" value={points} onChange={(event) => setPoints(event.target.value)} />
        </Field>
        <Field id={reasonId} label={t('admin.accountPoints.grant.reason')} description={t('admin.accountPoints.grant.reasonHint')} error={errors.reason}>
          <Textarea rows={3} value={reason} onChange={(event) => setReason(event.target.value)} />
        </Field>
        <Button ref={submitRef} type="submit" disabled={grant.isPending}>
          {grant.isPending ? t('admin.accountPoints.grant.granting') : t('admin.accountPoints.grant.submit')}
        </Button>
      </form>
      {/* The dialog opens from the form's submission, not from a trigger: focus goes back to the button that asked. */}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        returnFocusTo={submitRef}
        title={t('admin.accountPoints.grant.confirmTitle', { points: shownPoints })}
        description={t('admin.accountPoints.grant.confirmBody', { points: shownPoints, account: name, reason: pending?.reason ?? '' })}
        cancelLabel={t('admin.accountPoints.grant.cancel')}
        confirmLabel={grant.isPending ? t('admin.accountPoints.grant.granting') : t('admin.accountPoints.grant.confirm')}
        onConfirm={() => pending && grant.mutate(pending)}
        pending={grant.isPending}
      />
    </section>
  );
}
