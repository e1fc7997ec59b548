import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroller } from '@/client/components/ui/table';
import { currentLanguage } from '@/client/i18n';
import type { trpcClient } from '@/client/trpc';
import { dateTime, money, points, statusKey } from './order-format';

/** One order as the member and staff see it (the same shape for both). */
export type OrderDetail = Awaited<ReturnType<typeof trpcClient.orders.show.query>>;

/** The summary, plans and history of an order: the part of the order page that members and staff share. */
export function OrderSections({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const language = currentLanguage();
  return (
    <>
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
        <TableScroller label={t('detail.itemsTitle')}>
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
        </TableScroller>
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

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-border bg-card p-5 sm:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 font-medium">{children}</dd>
    </div>
  );
}
