import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeftIcon, XCircleIcon } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '@/client/components/alerts';
import { Button, buttonVariants } from '@/client/components/ui/button';
import { useToast } from '@/client/components/ui/toast';
import { RefusalAlert } from '@/client/features/auth/refusal-alert';
import { currentLanguage } from '@/client/i18n';
import { errorText } from '@/client/lib/errors';
import { paths } from '@/client/paths';
import { trpc } from '@/client/trpc';
import { OrderStatusBadge } from './order-status-badge';
import { dateTime, money, points, statusKey } from './order-format';

type OrderDetail = Awaited<ReturnType<typeof import('@/client/trpc').trpcClient.orders.show.query>>;

/** /management-center/member-order/:orderId: one order with its plans, history and what the member can do now. */
export function MemberOrderPage() {
  const { t } = useTranslation('orders');
  const orderId = useParams().orderId ?? '';
  const order = useQuery(trpc.orders.show.queryOptions({ orderId }));
  return (
    <div className="space-y-6">
      <Link to={paths.memberOrders} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        {t('detail.back')}
      </Link>
      {order.isError ? <RefusalAlert error={order.error} /> : null}
      {order.data ? <OrderView order={order.data} /> : null}
    </div>
  );
}

function OrderView({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const language = currentLanguage();
  return (
    <>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-mono text-2xl font-bold tracking-tight sm:text-3xl">{t('detail.title', { id: order.id })}</h1>
          <OrderStatusBadge status={order.status} />
        </div>
        {order.actions.some((action) => action.action === 'cancel') ? <CancelOrder orderId={order.id} /> : null}
      </header>

      <Section id="order-summary" title={t('detail.summaryTitle')}>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Item label={t('detail.placedAt')}>{dateTime(order.createdAt)}</Item>
          <Item label={t('detail.paymentType')}>{t(`paymentType.${order.paymentType}`)}</Item>
          <Item label={t('buy.totalPoints')}>{points(order.pointsTenths)}</Item>
          <Item label={t('buy.total')}>{money(order.totalMinor)}</Item>
          <Item label={t('detail.invoice')}>
            {t(`invoiceType.${order.invoiceType}`)}
            {order.invoiceType === 'COMPANY' ? ` · ${order.invoiceCompanyName} · ${order.invoiceTaxId}` : ''}
          </Item>
          {order.paymentTime ? <Item label={t('detail.paymentTime')}>{dateTime(order.paymentTime)}</Item> : null}
          {order.accountDigits ? <Item label={t('detail.accountDigits')}>{order.accountDigits}</Item> : null}
          {order.remark ? <Item label={t('detail.remark')}>{order.remark}</Item> : null}
        </dl>
      </Section>

      <Section id="order-items" title={t('detail.itemsTitle')}>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[30rem] text-sm">
            <thead className="text-left text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">{t('detail.package')}</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">{t('detail.quantity')}</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">{t('detail.points')}</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">{t('detail.unitPrice')}</th>
                <th scope="col" className="py-2 text-right font-medium">{t('detail.subtotal')}</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={item.packageId} className="border-t border-border">
                  <td className="py-2 pr-3">{item.names[language]}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{item.quantity}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{points(item.unitPointsTenths * item.quantity)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{money(item.unitPriceMinor)}</td>
                  <td className="py-2 text-right tabular-nums">{money(item.subtotalMinor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section id="order-log" title={t('detail.logTitle')}>
        <ol className="space-y-2 text-sm">
          {order.log.map((entry, index) => (
            <li key={index} className="flex flex-wrap gap-x-3 gap-y-1">
              <span className="tabular-nums text-muted-foreground">{dateTime(entry.at)}</span>
              <span>
                {entry.from === null ? t('detail.logCreated', { to: t(statusKey(entry.to)) }) : t('detail.logChanged', { from: t(statusKey(entry.from)), to: t(statusKey(entry.to)) })}
              </span>
              <span className="text-muted-foreground">
                {t(`actor.${entry.actorKind}`)}
                {entry.actorKind === 'staff' || entry.actorKind === 'member' ? ` · ${entry.actorName}` : ''}
              </span>
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-border bg-card p-5 sm:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 font-medium">{children}</dd>
    </div>
  );
}

function CancelOrder({ orderId }: { orderId: string }) {
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
        },
      },
    );
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button variant="outline">
          <XCircleIcon aria-hidden="true" />
          {t('detail.cancel')}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-lg border border-border bg-card p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">{t('detail.cancelTitle', { id: orderId })}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">{t('detail.cancelBody')}</AlertDialog.Description>
          {cancel.isError ? <ErrorAlert title={t('detail.cancelFailed')}>{errorText(cancel.error)}</ErrorAlert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>{t('detail.cancelKeep')}</AlertDialog.Cancel>
            <Button onClick={onConfirm} className="bg-destructive text-white hover:bg-destructive/90" disabled={cancel.isPending}>
              {t('detail.cancel')}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
