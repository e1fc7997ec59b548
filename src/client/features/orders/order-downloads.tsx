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

/**
 * The documents of the enterprise account's latest orders (issue 10 part 7: listed on the order page
 * and on /download): each order with its number, status and date, and a link for each of its
 * documents that exists (quotation, terms, the signed quotation, the invoice, the remittance slip).
 */
export function OrderDownloads() {
  const { t } = useTranslation('orders');
  const { t: common } = useTranslation();
  const list = useQuery(trpc.orders.documents.queryOptions());
  if (list.isError) return <RefusalAlert error={list.error} />;
  if (list.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {common('loading')}
      </p>
    );
  }
  if (list.data.length === 0) {
    return (
      <p className="text-muted-foreground">
        {t('downloads.empty')}{' '}
        <Link to={paths.buyPoints} className="text-primary underline underline-offset-4">
          {t('list.buy')}
        </Link>
      </p>
    );
  }
  return (
    <ul className="divide-y divide-border">
      {list.data.map((order) => (
        <li key={order.orderId} className="py-3 first:pt-0 last:pb-0" data-testid="order-downloads">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Link to={memberOrderPath(order.orderId)} className="font-mono font-semibold text-primary hover:underline">
              {order.orderId}
            </Link>
            <OrderStatusBadge status={order.status} />
            <span className="text-sm text-muted-foreground tabular-nums">{dateTime(order.createdAt)}</span>
          </div>
          <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {order.documents
              .filter((document) => document.available)
              .map((document) => (
                <li key={document.kind}>
                  <a
                    href={orderFileUrl('member', order.orderId, document.kind)}
                    target="_blank"
                    rel="noreferrer"
                    aria-label={t('downloads.fileOf', { name: t(`documents.${document.kind}`), id: order.orderId })}
                    className="inline-flex items-center gap-1 text-primary underline underline-offset-4"
                  >
                    <DownloadIcon className="size-4" aria-hidden="true" />
                    {t(`documents.${document.kind}`)}
                  </a>
                </li>
              ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
