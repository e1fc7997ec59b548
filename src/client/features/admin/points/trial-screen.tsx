import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckIcon, XIcon } from 'lucide-react';
import { useId, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, SuccessAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { Field } from '@/client/components/ui/field';
import { NativeSelect, NativeSelectOption } from '@/client/components/ui/native-select';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { errorText } from '@/client/lib/errors';
import { localDateTime } from '@/client/lib/time-zone';
import { trpc, trpcClient } from '@/client/trpc';
import { trialApplicationStatus, type TrialApplication } from '@/shared/points';
import { AdminCard, AdminPageHeader } from '../admin-page';

const statusKeys = { [trialApplicationStatus.open]: 'open', [trialApplicationStatus.approved]: 'approved', [trialApplicationStatus.refused]: 'refused' } as const;

/** A decision staff asked for and are asked to confirm: it mails the member and cannot be undone. */
interface Decision {
  row: TrialApplication;
  approve: boolean;
}

/** The open application after `id` in the list (after the last, the one before): where the keyboard goes once `id` is decided. */
function nextOpenId(rows: readonly TrialApplication[], id: number): number | undefined {
  const open = rows.filter((row) => row.status === trialApplicationStatus.open || row.id === id);
  const at = open.findIndex((row) => row.id === id);
  return (open[at + 1] ?? open[at - 1])?.id;
}

/** /admin/trialPoints (apply_points): trial point applications, approved or refused one by one, each after a confirmation. */
export function TrialScreen() {
  const { t } = useTranslation(['points', 'admin']);
  const filterId = useId();
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const [done, setDone] = useState<string | null>(null);
  const [asked, setAsked] = useState<Decision | null>(null);
  const queryClient = useQueryClient();
  const list = useQuery(trpc.points.admin.trialApplications.queryOptions({ status }));
  const refreshList = () => queryClient.invalidateQueries({ queryKey: trpc.points.admin.trialApplications.queryKey() });
  // The list is read again before the dialog closes, so that the keyboard lands on a row still shown.
  const decide = useMutation({
    mutationFn: ({ row, approve }: Decision) => (approve ? trpcClient.points.admin.approveTrial.mutate({ id: row.id }) : trpcClient.points.admin.refuseTrial.mutate({ id: row.id })),
    onSettled: refreshList,
  });
  // Where focus goes as the dialog closes: the button that opened it; after a decision, the next open
  // application's first button, or the heading when none is left.
  const returnFocus = useRef<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const approveButtons = useRef(new Map<number, HTMLButtonElement>());

  const ask = (row: TrialApplication, approve: boolean) => (event: MouseEvent<HTMLButtonElement>) => {
    returnFocus.current = event.currentTarget;
    decide.reset();
    setAsked({ row, approve });
  };
  const close = () => {
    if (!returnFocus.current?.isConnected) returnFocus.current = headingRef.current;
    setAsked(null);
  };
  const confirm = () => {
    if (!asked) return;
    const next = nextOpenId(list.data ?? [], asked.row.id);
    decide.mutate(asked, {
      onSuccess: (row) => {
        setDone(t(row.status === trialApplicationStatus.approved ? 'admin.approved' : 'admin.refused', { email: row.email }));
        returnFocus.current = (next === undefined ? undefined : approveButtons.current.get(next)) ?? headingRef.current;
        close();
      },
    });
  };

  return (
    <>
      <AdminPageHeader
        title={t('admin.title')}
        lead={t('admin.lead')}
        headingRef={headingRef}
        actions={
          <Field id={filterId} label={t('admin.filter')}>
            <NativeSelect value={status} onChange={(event) => setStatus(event.target.value as 'open' | 'all')}>
              <NativeSelectOption value="open">{t('admin.openOnly')}</NativeSelectOption>
              <NativeSelectOption value="all">{t('admin.all')}</NativeSelectOption>
            </NativeSelect>
          </Field>
        }
      />
      <div className="space-y-4">
        {done ? <SuccessAlert title={done} /> : null}
        {list.isPending ? <PageLoading /> : null}
        {list.isError ? <ErrorAlert title={errorText(list.error)} /> : null}
        {list.data && list.data.length === 0 ? <AdminCard>{t('admin.empty')}</AdminCard> : null}
        {list.data && list.data.length > 0 ? (
          <Table label={t('admin.title')} className="min-w-[640px]">
            <TableHeader>
              <TableRow>
                <TableHead>{t('admin.applied')}</TableHead>
                <TableHead>{t('admin.member')}</TableHead>
                <TableHead>{t('trial.reason')}</TableHead>
                <TableHead>{t('admin.status')}</TableHead>
                <TableHead align="right">{t('admin.actions')}</TableHead>
              </TableRow>
            </TableHeader>
            <tbody>
              {list.data.map((row) => (
                <TableRow key={row.id} className="align-top">
                  <TableCell className="whitespace-nowrap tabular-nums">{localDateTime(row.createdAt)}</TableCell>
                  <TableCell className="break-all">{row.email}</TableCell>
                  <TableCell className="max-w-[20rem] break-words">{row.reason}</TableCell>
                  <TableCell>{t(`admin.statuses.${statusKeys[row.status as keyof typeof statusKeys] ?? 'open'}`)}</TableCell>
                  <TableCell className="text-right whitespace-nowrap">
                    {row.status === trialApplicationStatus.open ? (
                      <span className="inline-flex gap-2">
                        <Button
                          size="sm"
                          ref={(button) => {
                            if (button) approveButtons.current.set(row.id, button);
                            return () => {
                              approveButtons.current.delete(row.id);
                            };
                          }}
                          onClick={ask(row, true)}
                          aria-label={t('admin.approveFor', { email: row.email })}
                        >
                          <CheckIcon aria-hidden="true" />
                          {t('admin.approve')}
                        </Button>
                        <Button size="sm" variant="outline" onClick={ask(row, false)} aria-label={t('admin.refuseFor', { email: row.email })}>
                          <XIcon aria-hidden="true" />
                          {t('admin.refuse')}
                        </Button>
                      </span>
                    ) : (
                      <span className="text-muted-foreground">{row.decidedBy}</span>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
        ) : null}
      </div>
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => (open ? undefined : close())}
        returnFocusTo={returnFocus}
        title={t(asked?.approve ? 'admin:trialDecision.approveTitle' : 'admin:trialDecision.refuseTitle', { email: asked?.row.email ?? '' })}
        description={t(asked?.approve ? 'admin:trialDecision.approveBody' : 'admin:trialDecision.refuseBody', { email: asked?.row.email ?? '' })}
        cancelLabel={t('admin:trialDecision.keep')}
        confirmLabel={decide.isPending ? t('admin:trialDecision.deciding') : asked?.approve ? t('admin.approve') : t('admin.refuse')}
        onConfirm={confirm}
        pending={decide.isPending}
        destructive={asked ? !asked.approve : false}
      >
        {decide.isError ? <ErrorAlert title={errorText(decide.error)} /> : null}
      </ConfirmDialog>
    </>
  );
}
