import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inquiryType, replyStatus, visitorName, type ContactListInput } from '@/shared/messages';
import { ErrorAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/client/components/ui/native-select';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { AdminPageHeader } from '@/client/features/admin/admin-page';
import { errorText, validationText } from '@/client/lib/errors';
import { trpc } from '@/client/trpc';
import { adminMessagePath, receivedAt } from './message-format';

const PAGE_SIZE = 25;
const typeCodes = Object.values(inquiryType);

type Filters = Omit<ContactListInput, 'cursor' | 'pageSize'>;

/** A local calendar day (input type=date) as its first or last moment. */
function dayBound(value: string, end: boolean): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return end ? new Date(year, month - 1, day, 23, 59, 59, 999) : new Date(year, month - 1, day);
}

/** The inbox (customer_service): open and replied counts, filters by status, type and date, newest first, more on request. */
export function AdminMessagesPage() {
  const { t } = useTranslation('messages');
  const [draft, setDraft] = useState({ status: String(replyStatus.open), type: '', from: '', to: '' });
  const [filters, setFilters] = useState<Filters>({ status: replyStatus.open });
  const [rangeError, setRangeError] = useState<string | undefined>();
  const ids = { status: useId(), type: useId(), from: useId(), to: useId() };
  const inbox = useInfiniteQuery({
    ...trpc.messages.list.infiniteQueryOptions({ ...filters, pageSize: PAGE_SIZE }, { getNextPageParam: (page) => page.next ?? undefined }),
    placeholderData: keepPreviousData,
  });

  function apply(event: FormEvent) {
    event.preventDefault();
    const from = dayBound(draft.from, false);
    const to = dayBound(draft.to, true);
    if (from && to && from > to) {
      setRangeError(validationText('validation.dateRange'));
      return;
    }
    setRangeError(undefined);
    setFilters({
      status: draft.status === '' ? undefined : (Number(draft.status) as Filters['status']),
      type: draft.type === '' ? undefined : (Number(draft.type) as Filters['type']),
      from,
      to,
    });
  }

  const counts = inbox.data?.pages[0]?.counts;
  const items = inbox.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title={t('admin.title')}
        lead={counts ? t('admin.counts', { open: counts.open, replied: counts.replied }) : t('admin.lead')}
      />
      <form onSubmit={apply} noValidate className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        <Field id={ids.status} label={t('admin.status')}>
          <NativeSelect value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value })}>
            <NativeSelectOption value="">{t('admin.all')}</NativeSelectOption>
            <NativeSelectOption value={String(replyStatus.open)}>{t('admin.statuses.0')}</NativeSelectOption>
            <NativeSelectOption value={String(replyStatus.replied)}>{t('admin.statuses.1')}</NativeSelectOption>
          </NativeSelect>
        </Field>
        <Field id={ids.type} label={t('fields.type')}>
          <NativeSelect value={draft.type} onChange={(event) => setDraft({ ...draft, type: event.target.value })}>
            <NativeSelectOption value="">{t('admin.all')}</NativeSelectOption>
            {typeCodes.map((code) => (
              <NativeSelectOption key={code} value={String(code)}>
                {t(`admin.types.${code}`)}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </Field>
        <Field id={ids.from} label={t('admin.from')}>
          <Input type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
        </Field>
        <Field id={ids.to} label={t('admin.to')} error={rangeError}>
          <Input type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        </Field>
        <Button type="submit">{t('admin.filter')}</Button>
      </form>
      {inbox.isPending ? (
        <PageLoading />
      ) : inbox.isError ? (
        <ErrorAlert title={errorText(inbox.error)} />
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-border bg-card py-10 text-center text-sm text-muted-foreground">{t('admin.empty')}</p>
      ) : (
        <div className="space-y-4">
          <Table label={t('admin.title')} className="min-w-[640px]">
            <TableHeader>
              <TableRow>
                <TableHead>{t('admin.received')}</TableHead>
                <TableHead>{t('admin.from_')}</TableHead>
                <TableHead>{t('fields.type')}</TableHead>
                <TableHead>{t('fields.description')}</TableHead>
                <TableHead>{t('admin.status')}</TableHead>
              </TableRow>
            </TableHeader>
            <tbody>
              {items.map((message) => (
                <TableRow key={message.id}>
                  <TableCell className="whitespace-nowrap tabular-nums">{receivedAt(message.createdAt)}</TableCell>
                  <TableCell>
                    <Link to={adminMessagePath(message.id)} className="font-medium text-primary hover:underline">
                      {visitorName(message)}
                    </Link>
                    <div className="text-xs text-muted-foreground">{message.email}</div>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{t(`admin.types.${message.type as 0 | 1 | 2 | 3}`)}</TableCell>
                  <TableCell className="max-w-sm truncate" title={message.description}>
                    {message.description}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{t(`admin.statuses.${message.status}`)}</TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
          {inbox.hasNextPage ? (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => void inbox.fetchNextPage()} disabled={inbox.isFetchingNextPage}>
                {inbox.isFetchingNextPage ? t('admin.loading') : t('admin.more')}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
