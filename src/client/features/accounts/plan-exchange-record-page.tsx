import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { TableScroller } from '@/client/components/ui/table';
import { currentLanguage } from '@/client/i18n';
import { errorText } from '@/client/lib/errors';
import { trpc } from '@/client/trpc';

/** /management-center/plan-exchange-record: the account's membership class changes (upgrade, reset, renew, downgrade), newest first. */
export function PlanExchangeRecordPage() {
  const { t } = useTranslation('accounts');
  const changes = useQuery(trpc.accounts.classChanges.queryOptions());
  const date = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium' });
  const className = (value: string | null) => (value ? t(`classes.names.${value}` as 'classes.names.normal', { defaultValue: value }) : '–');
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('classes.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('classes.lead')}</p>
      </header>
      {changes.isPending ? (
        <PageLoading />
      ) : changes.isError ? (
        <ErrorAlert title={errorText(changes.error)} />
      ) : changes.data.items.length === 0 ? (
        <p className="text-muted-foreground">{t('classes.empty')}</p>
      ) : (
        <TableScroller label={t('classes.title')} className="rounded-lg border border-border">
          <table className="w-full min-w-[32rem] text-sm">
            <thead className="bg-muted/60 text-left">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">{t('classes.columns.date')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('classes.columns.action')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('classes.columns.class')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('classes.columns.expiry')}</th>
              </tr>
            </thead>
            <tbody>
              {changes.data.items.map((change) => (
                <tr key={change.id} className="border-t border-border">
                  <td className="px-3 py-2 tabular-nums">{date.format(change.createdAt)}</td>
                  <td className="px-3 py-2">{t(`classes.actions.${change.action}`)}</td>
                  <td className="px-3 py-2">
                    {className(change.fromClass)} → {className(change.toClass)}
                  </td>
                  <td className="px-3 py-2 tabular-nums">{date.format(change.toExpireDate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </div>
  );
}
