import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ShoppingCartIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { TableScroller } from '@/client/components/ui/table';
import { RefusalAlert } from '@/client/features/auth/refusal-alert';
import { memberOrderPath, paths } from '@/client/paths';
import { trpc } from '@/client/trpc';
import { OrderStatusBadge } from './order-status-badge';
import { dateTime, money, points } from './order-format';
import { neighbourPages, type OrderPageAt } from './order-pages';

const PAGE_SIZE = 20;

/** /management-center/member-order: the group's orders, newest first, with their status in words. */
export function MemberOrdersPage() {
  const { t } = useTranslation('orders');
  const [at, setAt] = useState<OrderPageAt>({ page: 1 });
  const page = at.page;
  const list = useQuery({ ...trpc.orders.mine.queryOptions({ ...at.cursor, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const { previous, next } = list.data ? neighbourPages(page, list.data) : {};
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('list.title')}</h1>
          <p className="mt-2 text-muted-foreground">{t('list.lead')}</p>
        </div>
        <Link to={paths.buyPoints} className={buttonVariants()}>
          <ShoppingCartIcon aria-hidden="true" />
          {t('list.buy')}
        </Link>
      </header>
      {list.isError ? <RefusalAlert error={list.error} /> : null}
      {list.data && list.data.items.length === 0 ? <p className="text-muted-foreground">{t('list.empty')}</p> : null}
      {list.data && list.data.items.length > 0 ? (
        <>
          <TableScroller label={t('list.title')} className="rounded-lg border border-border">
            <table className="w-full min-w-[36rem] text-sm">
              <thead className="bg-muted/60 text-left">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">{t('list.columns.id')}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{t('list.columns.date')}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{t('list.columns.status')}</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">{t('list.columns.points')}</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">{t('list.columns.total')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((order) => (
                  <tr key={order.id} className="border-t border-border">
                    <td className="px-3 py-2 font-mono">
                      <Link to={memberOrderPath(order.id)} className="text-primary underline-offset-4 hover:underline" aria-label={t('list.view', { id: order.id })}>
                        {order.id}
                      </Link>
                    </td>
                    <td className="px-3 py-2 tabular-nums">{dateTime(order.createdAt)}</td>
                    <td className="px-3 py-2">
                      <OrderStatusBadge status={order.status} />
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{points(order.pointsTenths)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{money(order.totalMinor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
          {pages > 1 ? (
            <nav className="flex items-center justify-end gap-3 text-sm" aria-label={t('list.title')}>
              <Button variant="outline" size="sm" disabled={!previous} onClick={() => previous && setAt(previous)}>
                {t('list.previous')}
              </Button>
              <span>{t('list.pageOf', { page, pages })}</span>
              <Button variant="outline" size="sm" disabled={!next} onClick={() => next && setAt(next)}>
                {t('list.next')}
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
