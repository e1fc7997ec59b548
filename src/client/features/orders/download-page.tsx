import { useQuery } from '@tanstack/react-query';
import { DownloadIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RefusalAlert } from '@/client/features/auth/refusal-alert';
import { memberOrderPath, paths } from '@/client/paths';
import { trpc } from '@/client/trpc';
import { orderFileUrl } from './order-documents';
import { dateTime } from './order-format';
import { OrderStatusBadge } from './order-status-badge';

/** /management-center/download: the quotations, terms, invoices and other documents of the group's orders. */
export function DownloadPage() {
  const { t } = useTranslation('orders');
  const list = useQuery(trpc.orders.documents.queryOptions());
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('downloads.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('downloads.lead')}</p>
      </header>
      {list.isError ? <RefusalAlert error={list.error} /> : null}
      {list.data && list.data.length === 0 ? (
        <p className="text-muted-foreground">
          {t('downloads.empty')}{' '}
          <Link to={paths.buyPoints} className="text-primary underline underline-offset-4">
            {t('list.buy')}
          </Link>
        </p>
      ) : null}
      <ul className="space-y-4">
        {(list.data ?? []).map((order) => (
          <li key={order.orderId}>
            <section aria-labelledby={`downloads-${order.orderId}`} className="rounded-lg border border-border bg-card p-4 sm:p-5">
              <div className="flex flex-wrap items-center gap-3">
                <h2 id={`downloads-${order.orderId}`} className="font-mono text-lg font-semibold">
                  <Link to={memberOrderPath(order.orderId)} className="hover:underline">
                    {t('detail.title', { id: order.orderId })}
                  </Link>
                </h2>
                <OrderStatusBadge status={order.status} />
                <span className="text-sm text-muted-foreground tabular-nums">{dateTime(order.createdAt)}</span>
              </div>
              <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm">
                {order.documents
                  .filter((document) => document.available)
                  .map((document) => (
                    <li key={document.kind}>
                      <a href={orderFileUrl('member', order.orderId, document.kind)} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-primary underline underline-offset-4">
                        <DownloadIcon className="size-4" aria-hidden="true" />
                        {t('documents.download', { name: t(`documents.${document.kind}`) })}
                      </a>
                    </li>
                  ))}
              </ul>
            </section>
          </li>
        ))}
      </ul>
    </div>
  );
}
