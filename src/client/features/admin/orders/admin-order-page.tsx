import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeftIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { useToast } from '@/client/components/ui/toast';
import { mayOpen, useStaffSession } from '@/client/features/admin/staff-session';
import { OrderDocumentsSection, OrderFileUpload, VirtualAccountSection } from '@/client/features/orders/order-documents';
import { dateTime, money, statusKey } from '@/client/features/orders/order-format';
import { confirmBodyKey } from '@/client/features/orders/order-texts';
import { OrderStatusBadge } from '@/client/features/orders/order-status-badge';
import { OrderSections, Section, type OrderDetail } from '@/client/features/orders/order-view';
import { errorText } from '@/client/lib/errors';
import { trpcClient, trpc } from '@/client/trpc';
import type { StaffOrderDetail } from '@/shared/order-payments';
import { orderStatus, paymentType, type OrderAction } from '@/shared/orders';
import { orderTransitions } from '@/shared/order-transitions';
import { adminOrdersPath } from './admin-order-paths';

type StaffAction = OrderDetail['actions'][number];

/** The one call behind each transition button. */
function run(orderId: string, { action, to }: StaffAction) {
  switch (action) {
    case 'confirmOrder':
      return trpcClient.orders.admin.confirm.mutate({ orderId });
    case 'cancel':
      return trpcClient.orders.admin.cancel.mutate({ orderId });
    case 'confirmPayment':
      return trpcClient.orders.admin.confirmPayment.mutate({ orderId, to: to as 20 | 15 | 1 });
    case 'enable':
      return trpcClient.orders.admin.enable.mutate({ orderId, complete: to === orderStatus.complete });
    case 'complete':
      return trpcClient.orders.admin.complete.mutate({ orderId });
    default:
      throw new Error(`no staff call for ${action satisfies OrderAction}`);
  }
}

/** The permission of a transition (from the status table), so that only buttons the staff member may press are shown. */
function permissionOf(action: OrderAction) {
  return orderTransitions.find((row) => row.action === action && row.permission)?.permission;
}

/** One order in the back office: its data, history and documents, remittance report, and each allowed change as a confirmed button. */
export function AdminOrderPage() {
  const { t } = useTranslation('orders');
  const orderId = useParams().orderId ?? '';
  const order = useQuery(trpc.orders.admin.show.queryOptions({ orderId }));
  const staff = useStaffSession().data?.staff;
  return (
    <div className="space-y-6">
      <Link to={adminOrdersPath} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        {t('admin.back')}
      </Link>
      {order.isPending ? <PageLoading /> : null}
      {order.isError ? <ErrorAlert title={errorText(order.error)} /> : null}
      {order.data ? (
        <>
          <header className="flex flex-wrap items-center gap-3">
            <h1 className="font-mono text-2xl font-bold tracking-tight">{t('detail.title', { id: order.data.id })}</h1>
            <OrderStatusBadge status={order.data.status} />
            <span className="text-muted-foreground">{order.data.companyName}</span>
          </header>
          <Section id="order-actions" title={t('admin.actionsTitle')}>
            {order.data.actions.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('admin.noActions')}</p>
            ) : (
              <div className="flex flex-wrap gap-2">
                {order.data.actions.map((action) => {
                  const permission = permissionOf(action.action);
                  const allowed = Boolean(staff && permission && mayOpen(staff, permission));
                  return <TransitionButton key={`${action.action}-${action.to}`} order={order.data} action={action} disabled={!allowed} />;
                })}
              </div>
            )}
          </Section>
          <Section id="order-remittance" title={t('admin.remittanceTitle')}>
            <p className="text-sm">
              {order.data.accountDigits ? t('admin.remittanceDigits', { digits: order.data.accountDigits }) : t('admin.noRemittance')}
            </p>
          </Section>
          <VirtualAccountSection order={order.data} />
          {order.data.paymentType === paymentType.virtualAccount || order.data.providerPayments.length > 0 ? <ProviderPaymentsSection payments={order.data.providerPayments} /> : null}
          <OrderSections order={order.data} />
          <OrderDocumentsSection order={order.data} area="admin">
            {staff && mayOpen(staff, 'confirm_payment') && order.data.status !== orderStatus.cancelled ? <OrderFileUpload order={order.data} area="admin" kind="invoice" /> : null}
          </OrderDocumentsSection>
        </>
      ) : null}
    </div>
  );
}

/** What the payment provider reported for the order: each payment, applied or not (money taken that staff may have to refund). */
function ProviderPaymentsSection({ payments }: { payments: StaffOrderDetail['providerPayments'] }) {
  const { t } = useTranslation('orders');
  const title = t('admin.providerPayments.title');
  return (
    <Section id="order-provider-payments" title={title}>
      {payments.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('admin.providerPayments.empty')}</p>
      ) : (
        <Table label={title} className="min-w-[40rem]">
          <TableHeader>
            <TableRow>
              <TableHead>{t('admin.providerPayments.tradeNo')}</TableHead>
              <TableHead align="right">{t('admin.providerPayments.amount')}</TableHead>
              <TableHead>{t('admin.providerPayments.paidAt')}</TableHead>
              <TableHead>{t('admin.providerPayments.outcome')}</TableHead>
            </TableRow>
          </TableHeader>
          <tbody>
            {payments.map((payment) => (
              <TableRow key={payment.tradeNo}>
                <TableCell className="font-mono">{payment.tradeNo}</TableCell>
                <TableCell className="text-right tabular-nums">{payment.amountMinor === null ? '—' : money(payment.amountMinor)}</TableCell>
                <TableCell className="tabular-nums">{payment.paidAt ? dateTime(payment.paidAt) : '—'}</TableCell>
                <TableCell className={payment.outcome === 'paid' ? undefined : 'font-medium text-destructive'}>{t(`admin.providerPayments.outcomes.${payment.outcome}`)}</TableCell>
              </TableRow>
            ))}
          </tbody>
        </Table>
      )}
    </Section>
  );
}

function TransitionButton({ order, action, disabled }: { order: OrderDetail; action: StaffAction; disabled: boolean }) {
  const { t } = useTranslation('orders');
  const queryClient = useQueryClient();
  const showToast = useToast();
  const [open, setOpen] = useState(false);
  const change = useMutation({ mutationFn: () => run(order.id, action) });
  const label = t(`admin.action.${action.action}`, { to: t(statusKey(action.to)) });
  const onConfirm = () =>
    change.mutate(undefined, {
      onSuccess: async () => {
        setOpen(false);
        await queryClient.invalidateQueries({ queryKey: trpc.orders.pathKey() });
        showToast({ variant: 'success', title: t('admin.changed', { id: order.id, to: t(statusKey(action.to)) }), duration: 2200 });
      },
    });
  const destructive = action.action === 'cancel';
  // A label such as 'Confirm payment: Awaiting receipt of funds' is wider than a phone: there the button takes the row and wraps.
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => (setOpen(next), change.reset())}
      trigger={
        <Button
          variant={destructive ? 'outline' : 'default'}
          disabled={disabled}
          title={disabled ? t('admin.noPermission') : undefined}
          className="h-auto min-h-10 w-full max-w-full whitespace-normal sm:w-auto"
        >
          {label}
        </Button>
      }
      title={t('admin.confirmTitle', { action: label, id: order.id })}
      description={t(confirmBodyKey(action.action, order.status, action.to), {
        from: t(statusKey(order.status)),
        to: t(statusKey(action.to)),
      })}
      cancelLabel={t('admin.keep')}
      confirmLabel={t('admin.confirm')}
      onConfirm={onConfirm}
      pending={change.isPending}
      destructive={destructive}
    >
      {change.isError ? <ErrorAlert title={t('admin.changeFailed')}>{errorText(change.error)}</ErrorAlert> : null}
    </ConfirmDialog>
  );
}
