import { useTranslation } from 'react-i18next';
import { cn } from '@/client/lib/utils';
import { orderStatus } from '@/shared/orders';
import { statusKey } from './order-format';

const tone: Record<number, string> = {
  [orderStatus.complete]: 'bg-success-soft text-success',
  [orderStatus.paymentConfirmed]: 'bg-success-soft text-success',
  [orderStatus.cancelled]: 'bg-muted text-muted-foreground',
  [orderStatus.failed]: 'bg-destructive-soft text-destructive',
};

/** An order's status in words (never a bare code), shaded by how far along it is. */
export function OrderStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation('orders');
  return <span className={cn('inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium', tone[status] ?? 'bg-primary/10 text-primary')}>{t(statusKey(status))}</span>;
}
