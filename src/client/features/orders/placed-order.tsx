import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SuccessAlert } from '@/client/components/alerts';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { memberOrderPath } from '@/client/paths';
import { fromPlacedOrder } from './order-arrival';

/**
 * The order placed: the form it replaces had the focus, so the message takes it (read out, and the
 * next Tab reaches its link) rather than leaving it on the page's body.
 */
export function PlacedOrder({ orderId }: { orderId: string }) {
  const { t } = useTranslation('orders');
  const message = useRef<HTMLDivElement>(null);
  useEffect(() => {
    message.current?.focus();
  }, []);
  return (
    <div ref={message} tabIndex={-1} className="rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2" data-testid="order-placed">
      <SuccessAlert title={t('buy.placed', { id: orderId })}>
        <p>{t('buy.redirecting')}</p>
        <Link to={memberOrderPath(orderId)} state={fromPlacedOrder} className={buttonVariants({ size: 'sm', className: 'mt-3' })}>
          {t('buy.viewOrder')}
        </Link>
      </SuccessAlert>
    </div>
  );
}
