import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, SuccessAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { NativeSelect, NativeSelectOption } from '@/client/components/ui/native-select';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { errorText } from '@/client/lib/errors';
import { localDateTime } from '@/client/lib/time-zone';
import { trpc } from '@/client/trpc';
import type { TrialApplication } from '@/shared/points';
import { AdminCard, AdminPageHeader } from '../admin-page';

const statusKeys = { 0: 'open', 1: 'approved', 9: 'refused' } as const;

/** /admin/trialPoints (apply_points): trial point applications, approved or refused one by one. */
export function TrialScreen() {
  const { t } = useTranslation('points');
  const filterId = useId();
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const queryClient = useQueryClient();
  const list = useQuery(trpc.points.admin.trialApplications.queryOptions({ status }));
  const options = {
    onSuccess: async (row: TrialApplication) => {
      setFailure(null);
      setDone(t(row.status === 1 ? 'admin.approved' : 'admin.refused', { email: row.email }));
      await queryClient.invalidateQueries({ queryKey: trpc.points.admin.trialApplications.queryKey() });
    },
    onError: (error: unknown) => {
      setDone(null);
      setFailure(error);
    },
  };
  const approve = useMutation(trpc.points.admin.approveTrial.mutationOptions(options));
  const refuse = useMutation(trpc.points.admin.refuseTrial.mutationOptions(options));
  const busy = approve.isPending || refuse.isPending;

  return (
    <>
      <AdminPageHeader
        title={t('admin.title')}
        lead={t('admin.lead')}
        actions={
          <Field id={filterId} label={t('admin.filter')} className="w-44">
            <NativeSelect value={status} onChange={(event) => setStatus(event.target.value as 'open' | 'all')}>
              <NativeSelectOption value="open">{t('admin.openOnly')}</NativeSelectOption>
              <NativeSelectOption value="all">{t('admin.all')}</NativeSelectOption>
            </NativeSelect>
          </Field>
        }
      />
      <div className="space-y-4">
        {done ? <SuccessAlert title={done} /> : null}
        {failure ? <ErrorAlert title={errorText(failure)} /> : null}
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
                    {row.status === 0 ? (
                      <span className="inline-flex gap-2">
                        <Button size="sm" disabled={busy} onClick={() => approve.mutate({ id: row.id })} aria-label={t('admin.approveFor', { email: row.email })}>
                          <CheckIcon aria-hidden="true" />
                          {t('admin.approve')}
                        </Button>
                        <Button size="sm" variant="outline" disabled={busy} onClick={() => refuse.mutate({ id: row.id })} aria-label={t('admin.refuseFor', { email: row.email })}>
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
    </>
  );
}
