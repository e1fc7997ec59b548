import { useMutation, useQuery } from '@tanstack/react-query';
import { DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancellationReasons, csvEncodings, type CancellationReason, type CsvEncoding } from '@/shared/courses';
import { ErrorAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/client/components/ui/native-select';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { useToast } from '@/client/components/ui/toast';
import { formatSlotTime, localDateTimeToMinute } from '@/client/features/courses/course-format';
import { errorText } from '@/client/lib/errors';
import { queryClient, trpc } from '@/client/trpc';

function download(filename: string, base64: string, encoding: CsvEncoding) {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: `text/csv;charset=${encoding}` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

/** Who holds a seat in one slot and who waits; CSV export (Big5 or UTF-8) and cancelling a seat for a member. */
export function EnrolleesPanel({ slotId }: { slotId: string }) {
  const { t } = useTranslation('courses');
  const showToast = useToast();
  const list = useQuery(trpc.courses.admin.enrollees.queryOptions({ slotId }));
  const [encoding, setEncoding] = useState<CsvEncoding>('big5');
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [reason, setReason] = useState<CancellationReason>(8);
  const [remark, setRemark] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.courses.pathKey() });
  const exportCsv = useMutation(
    trpc.courses.admin.exportEnrollees.mutationOptions({
      onSuccess: (file) => download(file.filename, file.base64, file.encoding),
      onError: (error) => showToast({ title: errorText(error), variant: 'destructive' }),
    }),
  );
  const cancel = useMutation(
    trpc.courses.admin.cancelForMember.mutationOptions({
      onSuccess: (result) => {
        setCancelling(null);
        setRemark('');
        showToast({ title: result.promotedEmail ? t('admin.cancelledPromoted', { email: result.promotedEmail }) : t('admin.cancelled'), variant: 'success', duration: 6000 });
      },
      onError: (error) => showToast({ title: errorText(error), variant: 'destructive' }),
      onSettled: refresh,
    }),
  );
  if (list.isPending) return <PageLoading />;
  if (list.isError) return <ErrorAlert title={errorText(list.error)} />;
  const { slot, enrollees, waitlist } = list.data;
  return (
    <section aria-labelledby={`enrollees-${slotId}`} className="space-y-4 rounded-lg border border-border bg-card p-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id={`enrollees-${slotId}`} className="font-semibold">
            {t('admin.enrollees')} · {formatSlotTime(slot.startTime, slot.endTime)}
          </h3>
          <p className="text-sm text-muted-foreground">{t('admin.taken', { enrolled: slot.enrolled, seats: slot.seats, waiting: slot.waitlisted })}</p>
        </div>
        <div className="flex items-end gap-2">
          <Field id={`csv-encoding-${slotId}`} label={t('admin.encoding')}>
            <NativeSelect value={encoding} onChange={(event) => setEncoding(event.target.value as CsvEncoding)}>
              {csvEncodings.map((value) => (
                <NativeSelectOption key={value} value={value}>
                  {value === 'big5' ? 'Big5 (Excel)' : 'UTF-8'}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </Field>
          <Button variant="outline" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate({ slotId, encoding })}>
            <DownloadIcon aria-hidden="true" />
            {t('admin.exportCsv')}
          </Button>
        </div>
      </div>
      {enrollees.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('admin.noEnrollees')}</p>
      ) : (
        <Table label={t('admin.enrollees')}>
          <TableHeader>
            <TableRow>
              <TableHead>#</TableHead>
              <TableHead>{t('admin.member')}</TableHead>
              <TableHead>{t('admin.company')}</TableHead>
              <TableHead>{t('admin.registeredAt')}</TableHead>
              <TableHead><span className="sr-only">{t('admin.actions')}</span></TableHead>
            </TableRow>
          </TableHeader>
          <tbody>
            {enrollees.map((seat, index) => (
              <TableRow key={seat.userId} data-testid="enrollee">
                <TableCell className="tabular-nums">{index + 1}</TableCell>
                <TableCell>
                  <span className="font-medium">{seat.name}</span>
                  <br />
                  <span className="break-all text-muted-foreground">{seat.email}</span>
                </TableCell>
                <TableCell>{seat.companyName}</TableCell>
                <TableCell className="tabular-nums">{localDateTimeToMinute(seat.enrolledAt)}</TableCell>
                <TableCell className="text-right">
                  <Button variant="outline" size="sm" onClick={() => setCancelling(cancelling === seat.userId ? null : seat.userId)} aria-expanded={cancelling === seat.userId}>
                    {t('cancel')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </tbody>
        </Table>
      )}
      {cancelling ? (
        <form
          className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            cancel.mutate({ slotId, userId: cancelling, reason, remark });
          }}
        >
          <Field id={`staff-cancel-reason-${slotId}`} label={t('cancelDialog.reason')}>
            <NativeSelect value={reason} onChange={(event) => setReason(Number(event.target.value) as CancellationReason)}>
              {cancellationReasons.map((code) => (
                <NativeSelectOption key={code} value={code}>
                  {t(`reasons.${code}`)}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </Field>
          <Field id={`staff-cancel-remark-${slotId}`} label={t('cancelDialog.remark')}>
            <Input value={remark} onChange={(event) => setRemark(event.target.value)} />
          </Field>
          <Button type="submit" disabled={cancel.isPending}>
            {t('cancelDialog.confirm')}
          </Button>
        </form>
      ) : null}
      {waitlist.length > 0 ? (
        <div>
          <h4 className="text-sm font-semibold">{t('admin.waitlist')}</h4>
          <ol className="mt-2 space-y-1 text-sm">
            {waitlist.map((entry) => (
              <li key={entry.userId} className="flex flex-wrap gap-x-3">
                <span className="tabular-nums">{entry.position}.</span>
                <span className="font-medium">{entry.name}</span>
                <span className="break-all text-muted-foreground">{entry.email}</span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
