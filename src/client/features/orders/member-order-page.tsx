import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeftIcon, XCircleIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { ErrorAlert } from '@/client/components/alerts';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { useToast } from '@/client/components/ui/toast';
import { RefusalAlert } from '@/client/features/auth/refusal-alert';
import { errorText } from '@/client/lib/errors';
import { paths } from '@/client/paths';
import { trpc } from '@/client/trpc';
import { arrivedFromPlacedOrder } from './order-arrival';
import { OrderStatusBadge } from './order-status-badge';
import { orderIdPattern, orderStatus } from '@/shared/orders';
import { OrderDocumentsSection, OrderFileUpload, RemittanceSection, VirtualAccountSection } from './order-documents';
import { OrderSections, type OrderDetail } from './order-view';

/** While the order is not yet paid, the member can upload the signed quotation. */
const signedQuotationStatuses: readonly number[] = [orderStatus.awaitingConfirmation, orderStatus.paymentMethodNotChosen, orderStatus.awaitingPayment];

/** /management-center/member-order/:orderId: one order with its plans, history and what the member can do now. */
export function MemberOrderPage() {
  const { t } = useTranslation('orders');
  const { t: errorsT } = useTranslation('errors');
  const orderId = useParams().orderId ?? '';
  // An address whose id cannot be an order's names no order: 'not found', as an unknown id is, never the input schema's 'check the form'.
  const wellFormed = orderIdPattern.test(orderId);
  const order = useQuery({ ...trpc.orders.show.queryOptions({ orderId }), enabled: wellFormed });
  return (
    <div className="space-y-6">
      <Link to={paths.memberOrders} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        {t('detail.back')}
      </Link>
      {!wellFormed ? <ErrorAlert title={errorsT('NotFound')} /> : null}
      {order.isError ? <RefusalAlert error={order.error} /> : null}
      {order.data ? <OrderView order={order.data} /> : null}
    </div>
  );
}

function OrderView({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const heading = useRef<HTMLHeadingElement>(null);
  const arrival = useLocation().state;
  useEffect(() => {
    // From the order just placed, whose message had the focus: the heading takes it, unless the member put it somewhere since.
    const dropped = !document.activeElement || document.activeElement === document.body;
    if (arrivedFromPlacedOrder(arrival) && dropped) heading.current?.focus();
  }, [arrival]);
  return (
    <>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 ref={heading} tabIndex={-1} className="font-mono text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl">
            {t('detail.title', { id: order.id })}
          </h1>
          <OrderStatusBadge status={order.status} />
        </div>
        {order.actions.some((action) => action.action === 'cancel') ? <CancelOrder orderId={order.id} onCancelled={() => heading.current?.focus()} /> : null}
      </header>

      <VirtualAccountSection order={order} />
      <RemittanceSection order={order} />
      <OrderSections order={order} />
      <OrderDocumentsSection order={order} area="member">
        {signedQuotationStatuses.includes(order.status) ? <OrderFileUpload order={order} area="member" kind="signedQuotation" /> : null}
      </OrderDocumentsSection>
    </>
  );
}

/** Cancels the order after asking; the button goes with the cancellation, so `onCancelled` gives focus a place on the page. */
function CancelOrder({ orderId, onCancelled }: { orderId: string; onCancelled: () => void }) {
  const { t } = useTranslation('orders');
  const queryClient = useQueryClient();
  const showToast = useToast();
  const [open, setOpen] = useState(false);
  const cancel = useMutation(trpc.orders.cancel.mutationOptions());
  const onConfirm = () =>
    cancel.mutate(
      { orderId },
      {
        onSuccess: async () => {
          setOpen(false);
          await queryClient.invalidateQueries({ queryKey: trpc.orders.pathKey() });
          showToast({ variant: 'success', title: t('detail.cancelled'), duration: 2200 });
          onCancelled();
        },
      },
    );
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline">
          <XCircleIcon aria-hidden="true" />
          {t('detail.cancel')}
        </Button>
      }
      title={t('detail.cancelTitle', { id: orderId })}
      description={t('detail.cancelBody')}
      cancelLabel={t('detail.cancelKeep')}
      confirmLabel={t('detail.cancel')}
      onConfirm={onConfirm}
      pending={cancel.isPending}
      destructive
    >
      {cancel.isError ? <ErrorAlert title={t('detail.cancelFailed')}>{errorText(cancel.error)}</ErrorAlert> : null}
    </ConfirmDialog>
  );
}
