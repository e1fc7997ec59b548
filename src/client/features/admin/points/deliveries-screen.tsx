import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCwIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, SuccessAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { NativeSelect, NativeSelectOption } from '@/client/components/ui/native-select';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { errorText } from '@/client/lib/errors';
import { trpc } from '@/client/trpc';
import { localDateTime } from '@/client/lib/time-zone';
import { AdminCard, AdminPageHeader } from '../admin-page';
import { deliveryColumns } from './delivery-columns';


/** /admin/platformDeliveries (points_management): writes owed to the AI platform; a failed one is retried with its idempotency key. */
export function DeliveriesScreen() {
  const { t } = useTranslation('points');
  const filterId = useId();
  const [failedOnly, setFailedOnly] = useState(true);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const queryClient = useQueryClient();
  const list = useQuery(trpc.platform.admin.deliveries.queryOptions({ failedOnly }));
  const retry = useMutation(
    trpc.platform.admin.retry.mutationOptions({
      onSuccess: async (result) => {
        setFailure(null);
        setNotice(t(`deliveries.outcomes.${result.outcome}`));
        await queryClient.invalidateQueries({ queryKey: trpc.platform.admin.deliveries.queryKey() });
      },
      onError: (error) => {
        setNotice(null);
        setFailure(error);
      },
    }),
  );
  return (
    <>
      <AdminPageHeader
        title={t('deliveries.title')}
        lead={list.data?.emulated ? `${t('deliveries.lead')} ${t('deliveries.emulated')}` : t('deliveries.lead')}
        actions={
          <Field id={filterId} label={t('admin.filter')} className="w-48">
            <NativeSelect value={failedOnly ? 'failed' : 'all'} onChange={(event) => setFailedOnly(event.target.value === 'failed')}>
              <NativeSelectOption value="failed">{t('deliveries.failedOnly')}</NativeSelectOption>
              <NativeSelectOption value="all">{t('deliveries.all')}</NativeSelectOption>
            </NativeSelect>
          </Field>
        }
      />
      <div className="space-y-4">
        {notice ? <SuccessAlert title={notice} /> : null}
        {failure ? <ErrorAlert title={errorText(failure)} /> : null}
        {list.isPending ? <PageLoading /> : null}
        {list.isError ? <ErrorAlert title={errorText(list.error)} /> : null}
        {list.data && list.data.items.length === 0 ? <AdminCard>{t('deliveries.empty')}</AdminCard> : null}
        {list.data && list.data.items.length > 0 ? (
          <Table label={t('deliveries.title')} className="min-w-[720px]">
            <TableHeader>
              <TableRow>
                {deliveryColumns.map((column) => (
                  <TableHead key={column.key} align={'align' in column ? column.align : undefined}>
                    {t(column.key)}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <tbody>
              {list.data.items.map((row) => (
                <TableRow key={row.id} className="align-top">
                  <TableCell className="whitespace-nowrap tabular-nums">{localDateTime(row.createdAt)}</TableCell>
                  <TableCell className="whitespace-nowrap">{row.call}</TableCell>
                  <TableCell className="break-all">{row.subject}</TableCell>
                  <TableCell>
                    <span className="whitespace-nowrap">
                      {t(`deliveries.statuses.${row.status}`)} · {t('deliveries.tries', { count: row.attempts })}
                    </span>
                    {row.waitingFor ? (
                      <span className="mt-1 block max-w-[16rem] text-xs text-muted-foreground">
                        {t('deliveries.waitingFor', { call: row.waitingFor.call, time: localDateTime(row.waitingFor.createdAt) })}
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell className="max-w-[18rem] break-words text-muted-foreground">{row.lastError ?? '—'}</TableCell>
                  <TableCell className="text-right">
                    {row.status === 'failed' ? (
                      <Button size="sm" variant="outline" disabled={retry.isPending} onClick={() => retry.mutate({ id: row.id })} aria-label={t('deliveries.retryFor', { call: row.call, account: row.subject })}>
                        <RotateCwIcon aria-hidden="true" />
                        {t('deliveries.retry')}
                      </Button>
                    ) : null}
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
