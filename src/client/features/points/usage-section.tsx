import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/client/components/alerts';
import { TableScroller } from '@/client/components/ui/table';
import { errorText } from '@/client/lib/errors';
import { localDateTime } from '@/client/lib/time-zone';
import { trpc } from '@/client/trpc';
import { formatPoints } from '@/shared/points';
import { CsvExportButtons, DateRangeFilter, PAGE_SIZE, RecordsPager, useDateRangePaging } from './records-section';

/**
 * /point-record's usage lines (issue 9 part 8, 'purchases and usage'): the training and prediction
 * the AI platform reports for the enterprise account, newest first, with the date range and paging
 * of the records above, and the same CSV downloads. The platform keeps them; when it cannot be read
 * the section says so.
 */
export function UsageSection() {
  const { t } = useTranslation('points');
  const { range, page, setPage, choose } = useDateRangePaging();
  const headingId = useId();
  const usage = useQuery({ ...trpc.points.usage.queryOptions({ page, pageSize: PAGE_SIZE, ...range }), placeholderData: keepPreviousData });
  const head = 'px-3 py-2 text-left font-medium whitespace-nowrap';
  const cell = 'px-3 py-2 align-top';
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-lg border border-border bg-card p-5 sm:p-6">
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          {t('usage.title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('usage.lead')}</p>
      </div>
      <DateRangeFilter range={range} onChoose={choose} />
      {usage.isError ? <ErrorAlert title={errorText(usage.error)} /> : null}
      {usage.data && !usage.data.retrieved ? <ErrorAlert title={t('usage.failed')}>{t('usage.failedDetail')}</ErrorAlert> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {usage.data?.retrieved ? t('usage.total', { count: usage.data.total }) : '\u00a0'}
        </p>
        <CsvExportButtons kind="usage" range={range} />
      </div>
      {usage.data?.retrieved && usage.data.items.length === 0 ? <p className="py-6 text-center text-sm text-muted-foreground">{t('usage.empty')}</p> : null}
      {usage.data && usage.data.items.length > 0 ? (
        <TableScroller label={t('usage.table')} className="-mx-5 sm:mx-0">
          <table className="w-full min-w-[520px] text-sm">
            <thead className="bg-muted/60">
              <tr>
                <th scope="col" className={head}>{t('records.date')}</th>
                <th scope="col" className={head}>{t('usage.task')}</th>
                <th scope="col" className={`${head} text-right`}>{t('usage.points')}</th>
                <th scope="col" className={head}>{t('records.by')}</th>
              </tr>
            </thead>
            <tbody>
              {usage.data.items.map((item) => (
                <tr key={item.id} className="border-b border-border/70">
                  <td className={`${cell} whitespace-nowrap tabular-nums`}>{localDateTime(item.usedAt)}</td>
                  <td className={cell}>
                    {item.taskType ? t(`usage.tasks.${item.taskType}`) : t('usage.tasks.other')}
                    <span className="block text-xs text-muted-foreground">{t(`projectTypes.${item.projectType}` as 'projectTypes.9')}</span>
                  </td>
                  <td className={`${cell} text-right font-medium tabular-nums text-destructive`}>{formatPoints(-item.points)}</td>
                  <td className={`${cell} break-all text-muted-foreground`}>{item.by}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      ) : null}
      {usage.data ? <RecordsPager page={page} total={usage.data.total} onPage={setPage} /> : null}
    </section>
  );
}
