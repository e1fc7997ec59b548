import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DownloadIcon, FilterIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/client/components/ui/native-select';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { AdminPageHeader } from '@/client/features/admin/admin-page';
import { OrderStatusBadge } from '@/client/features/orders/order-status-badge';
import { dateTime, money, points, statusKey } from '@/client/features/orders/order-format';
import { neighbourPages, type OrderPageAt } from '@/client/features/orders/order-pages';
import { errorText } from '@/client/lib/errors';
import { trpc } from '@/client/trpc';
import { orderExportEncodings, orderStatusCodes, type OrderExportEncoding } from '@/shared/orders';
import { orderFilterOf } from './admin-order-filter';
import { adminOrderPath } from './admin-order-paths';

const PAGE_SIZE = 20;

/** The back office's order list: filtered by status and Taipei days, newest first, with the CSV export of the same filter. */
export function AdminOrdersPage() {
  const { t } = useTranslation('orders');
  const [params, setParams] = useSearchParams();
  // The filter and page stand in the address, so a filtered list can be bookmarked and shared; a
  // value the schema refuses is left out (its message on its field) and the others still apply.
  const { input: filter, errors } = orderFilterOf(params, PAGE_SIZE);
  const errorOf = (name: keyof typeof errors) => (errors[name] ? { message: errors[name] } : undefined);
  const list = useQuery({ ...trpc.orders.admin.list.queryOptions(filter), placeholderData: keepPreviousData });
  const [encoding, setEncoding] = useState<OrderExportEncoding>('big5');
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  // The page's number, for reading only: the cursors in the address say which orders it holds.
  const page = filter.olderThan || filter.newerThan ? Math.min(pages, Math.max(1, Number(params.get('page')) || 1)) : 1;
  const { previous, next: following } = list.data ? neighbourPages(page, list.data) : {};

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of ['status', 'from', 'to']) {
      const value = String(form.get(name) ?? '');
      if (value) next.set(name, value);
    }
    setParams(next);
  };
  const goTo = ({ page: to, cursor }: OrderPageAt) => {
    const next = new URLSearchParams(params);
    for (const name of ['page', 'olderThan', 'newerThan']) next.delete(name);
    if (cursor) {
      next.set('page', String(to));
      for (const [name, value] of Object.entries(cursor)) next.set(name, value);
    }
    setParams(next);
  };
  const exportQuery = new URLSearchParams({ encoding });
  if (filter.status !== undefined) exportQuery.set('status', String(filter.status));
  if (filter.from) exportQuery.set('from', filter.from);
  if (filter.to) exportQuery.set('to', filter.to);

  return (
    <div className="space-y-6">
      <AdminPageHeader title={t('admin.title')} lead={t('admin.lead')} />
      <form onSubmit={onFilter} className="flex flex-wrap items-end gap-3 rounded-lg border border-border bg-card p-4" aria-label={t('admin.filter')}>
        {/* Keyed by the address, not the filter: a submitted choice the address refuses does not stay shown. */}
        <Field id="order-filter-status" label={t('admin.status')} className="w-full sm:w-auto sm:min-w-56" error={errorOf('status')}>
          <NativeSelect name="status" defaultValue={filter.status ?? ''} key={`status-${params.get('status') ?? ''}`}>
            <NativeSelectOption value="">{t('admin.allStatuses')}</NativeSelectOption>
            {orderStatusCodes.map((code) => (
              <NativeSelectOption key={code} value={code}>
                {t(statusKey(code))}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </Field>
        {/* A refused date stays in its field beside its message, for the staff member to correct. */}
        <Field id="order-filter-from" label={t('admin.from')} className="w-full sm:w-44" error={errorOf('from')}>
          <Input type="date" name="from" defaultValue={params.get('from') ?? ''} key={`from-${params.get('from') ?? ''}`} />
        </Field>
        <Field id="order-filter-to" label={t('admin.to')} className="w-full sm:w-44" error={errorOf('to')}>
          <Input type="date" name="to" defaultValue={params.get('to') ?? ''} key={`to-${params.get('to') ?? ''}`} />
        </Field>
        <Button type="submit">
          <FilterIcon aria-hidden="true" />
          {t('admin.apply')}
        </Button>
        <div className="flex flex-wrap items-end gap-x-4 gap-y-3 sm:ml-auto">
          {/* Choices rather than a select: a select cannot wrap, and 'Big5 (Excel, Traditional Chinese)' is wider than a phone. */}
          <fieldset className="min-w-0">
            <legend className="mb-2 text-sm leading-none font-medium">{t('admin.encoding')}</legend>
            <div className="flex min-h-10 flex-wrap items-center gap-x-4 gap-y-2">
              {orderExportEncodings.map((value) => (
                <label key={value} className="flex min-w-0 items-start gap-2 text-sm">
                  <input type="radio" name="encoding" value={value} checked={encoding === value} onChange={() => setEncoding(value)} className="mt-0.5 size-4 shrink-0 accent-primary" />
                  {t(`admin.encodings.${value}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <a href={`/admin-files/orders.csv?${exportQuery.toString()}`} download className={buttonVariants({ variant: 'outline' })}>
            <DownloadIcon aria-hidden="true" />
            {t('admin.export')}
          </a>
        </div>
      </form>
      {list.isPending ? (
        <PageLoading />
      ) : list.isError ? (
        <ErrorAlert title={errorText(list.error)} />
      ) : list.data.items.length === 0 ? (
        <p className="text-muted-foreground">{t('admin.empty')}</p>
      ) : (
        <>
          <Table label={t('admin.title')} className="min-w-[44rem]">
            <TableHeader>
              <TableRow>
                <TableHead>{t('list.columns.id')}</TableHead>
                <TableHead>{t('list.columns.date')}</TableHead>
                <TableHead>{t('admin.company')}</TableHead>
                <TableHead>{t('list.columns.status')}</TableHead>
                <TableHead align="right">{t('list.columns.points')}</TableHead>
                <TableHead align="right">{t('list.columns.total')}</TableHead>
              </TableRow>
            </TableHeader>
            <tbody>
              {list.data.items.map((order) => (
                <TableRow key={order.id}>
                  <TableCell className="font-mono">
                    <Link to={adminOrderPath(order.id)} className="font-medium text-primary hover:underline">
                      {order.id}
                    </Link>
                  </TableCell>
                  <TableCell className="tabular-nums">{dateTime(order.createdAt)}</TableCell>
                  <TableCell>{order.companyName}</TableCell>
                  <TableCell>
                    <OrderStatusBadge status={order.status} />
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{points(order.pointsTenths)}</TableCell>
                  <TableCell className="text-right tabular-nums">{money(order.totalMinor)}</TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
          <nav className="flex items-center justify-between gap-3 text-sm" aria-label={t('admin.pages')}>
            <Button variant="outline" disabled={!previous} onClick={() => previous && goTo(previous)}>
              {t('list.previous')}
            </Button>
            <span>{t('admin.pageOf', { page, pages, total: list.data.total })}</span>
            <Button variant="outline" disabled={!following} onClick={() => following && goTo(following)}>
              {t('list.next')}
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
