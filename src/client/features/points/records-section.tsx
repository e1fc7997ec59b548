import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DownloadIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/client/components/alerts';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { Pager } from '@/client/components/ui/pager';
import { TableScroller } from '@/client/components/ui/table';
import { currentLanguage } from '@/client/i18n';
import { errorText, validationText } from '@/client/lib/errors';
import { localDateTime, viewerTimeZone } from '@/client/lib/time-zone';
import { trpc } from '@/client/trpc';
import { formatPoints, type LedgerEntry } from '@/shared/points';

export const PAGE_SIZE = 20;
/** The export buttons' long labels wrap on a phone rather than widen the page. */
const exportButton = 'h-auto min-h-8 max-w-full whitespace-normal py-1.5 text-left';

type RecordsKind = 'points' | 'transfers' | 'team';

/** Each kind's page title, which names its table too. */
const titleKey = { points: 'records.pointsTitle', transfers: 'records.transfersTitle', team: 'records.teamTitle' } as const;

/** The days a records list may be filtered by (the server refuses others, recordsDateLimits; an inclusive end is sent as the next day's start). */
const firstDay = '2000-01-01';
const lastDay = '9999-12-30';

/** The start of a local calendar day (input type=date gives YYYY-MM-DD), or of the day after for an inclusive end; undefined outside firstDay to lastDay. */
function dayStart(value: string, plusDays = 0): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < firstDay || value > lastDay) return undefined;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day + plusDays);
}

export type DateRange = { from?: Date; to?: Date };

/** The records' date range as chosen (local days, the end inclusive) and the page within it; a new range starts at page 1. */
export function useDateRangePaging() {
  const [range, setRange] = useState<DateRange>({});
  const [page, setPage] = useState(1);
  const choose = (next: DateRange) => {
    setRange(next);
    setPage(1);
  };
  return { range, page, setPage, choose };
}

/** The date range form of a records list: from and to (local days), checked in order, with a clear button once one is set. */
export function DateRangeFilter({ range, onChoose }: { range: DateRange; onChoose: (range: DateRange) => void }) {
  const { t } = useTranslation('points');
  const [draft, setDraft] = useState({ from: '', to: '' });
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const fromId = useId();
  const toId = useId();

  function apply(event: FormEvent) {
    event.preventDefault();
    const from = dayStart(draft.from);
    const to = dayStart(draft.to, 1);
    // A day the date field could not hold (a year of five digits, or before 2000) is said, not ignored.
    const invalid = validationText('validation.invalid');
    const found = { from: draft.from && !from ? invalid : undefined, to: draft.to && !to ? invalid : from && to && from >= to ? validationText('validation.dateRange') : undefined };
    setErrors(found);
    if (found.from || found.to) return;
    onChoose({ from, to });
  }

  return (
    <form onSubmit={apply} className="flex flex-wrap items-end gap-3" noValidate>
      <Field id={fromId} label={t('records.from')} error={errors.from} className="w-44">
        <Input type="date" min={firstDay} max={lastDay} value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
      </Field>
      <Field id={toId} label={t('records.to')} error={errors.to} className="w-44">
        <Input type="date" min={firstDay} max={lastDay} value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
      </Field>
      <Button type="submit">{t('records.filter')}</Button>
      {range.from || range.to ? (
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setDraft({ from: '', to: '' });
            setErrors({});
            onChoose({});
          }}
        >
          {t('records.clear')}
        </Button>
      ) : null}
    </form>
  );
}

/** The pager under a records list, in the records' words; nothing when it has one page. */
export function RecordsPager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('points');
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return <Pager page={page} pages={pages} onPage={onPage} labels={{ page: t('records.page', { page, pages }), previous: t('records.previous'), next: t('records.next') }} />;
}

/**
 * The CSV downloads of a records list in its date range (GET /points-export/<kind>.csv): Big5, whose
 * file is in Traditional Chinese whatever the page's language, or UTF-8 in the page's language.
 */
export function CsvExportButtons({ kind, range, teamId }: { kind: RecordsKind | 'usage'; range: DateRange; teamId?: string }) {
  const { t } = useTranslation('points');
  const labels = kind === 'usage' ? ({ big5: 'usage.exportBig5', utf8: 'usage.exportUtf8' } as const) : ({ big5: 'records.exportBig5', utf8: 'records.exportUtf8' } as const);
  const exportHref = (encoding: 'big5' | 'utf8') => {
    const params = new URLSearchParams({ encoding, tz: viewerTimeZone(), lang: currentLanguage() });
    if (kind === 'team' && teamId) params.set('team', teamId);
    if (range.from) params.set('from', range.from.toISOString());
    if (range.to) params.set('to', range.to.toISOString());
    return `/points-export/${kind}.csv?${params.toString()}`;
  };
  return (
    <div className="flex flex-wrap gap-2">
      {(['big5', 'utf8'] as const).map((encoding) => (
        <Button key={encoding} asChild variant="outline" size="sm" className={exportButton}>
          <a href={exportHref(encoding)} download>
            <DownloadIcon aria-hidden="true" />
            {t(labels[encoding])}
          </a>
        </Button>
      ))}
    </div>
  );
}

/** A records page: date range, table, paging and the CSV downloads (Big5 or UTF-8). */
export function RecordsSection({ kind, teamId }: { kind: RecordsKind; teamId?: string }) {
  const { t } = useTranslation('points');
  const { range, page, setPage, choose } = useDateRangePaging();
  const tableId = useId();
  const input = { page, pageSize: PAGE_SIZE, ...range };
  const query = useQuery({
    ...(kind === 'team'
      ? trpc.points.teamRecords.queryOptions({ ...input, teamId: teamId ?? '' })
      : kind === 'points'
        ? trpc.points.records.queryOptions(input)
        : trpc.points.transferRecords.queryOptions(input)),
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby={tableId} className="space-y-4 rounded-lg border border-border bg-card p-5 sm:p-6">
      <DateRangeFilter range={range} onChoose={choose} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={tableId} className="text-sm text-muted-foreground" aria-live="polite">
          {query.data ? t('records.total', { count: query.data.total }) : '\u00a0'}
        </h2>
        <CsvExportButtons kind={kind} range={range} teamId={teamId} />
      </div>
      {query.isError ? <ErrorAlert title={errorText(query.error)} /> : null}
      {query.data && query.data.items.length === 0 ? <p className="py-6 text-center text-sm text-muted-foreground">{t('records.empty')}</p> : null}
      {query.data && query.data.items.length > 0 ? <RecordsTable kind={kind} items={query.data.items} /> : null}
      {query.data ? <RecordsPager page={page} total={query.data.total} onPage={setPage} /> : null}
    </section>
  );
}

function RecordsTable({ kind, items }: { kind: RecordsKind; items: LedgerEntry[] }) {
  const { t } = useTranslation('points');
  const head = 'px-3 py-2 text-left font-medium whitespace-nowrap';
  const cell = 'px-3 py-2 align-top';
  return (
    <TableScroller label={t(titleKey[kind])} className="-mx-5 sm:mx-0">
      <table className="w-full min-w-[640px] text-sm">
        <thead className="bg-muted/60">
          <tr>
            <th scope="col" className={head}>{t('records.date')}</th>
            <th scope="col" className={head}>{t('records.kind')}</th>
            <th scope="col" className={`${head} text-right`}>{t('records.points')}</th>
            {kind === 'points' ? <th scope="col" className={head}>{t('records.order')}</th> : <th scope="col" className={head}>{t('records.counterpart')}</th>}
            <th scope="col" className={head}>{t('records.reason')}</th>
            <th scope="col" className={head}>{t('records.by')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className="border-b border-border/70">
              <td className={`${cell} whitespace-nowrap tabular-nums`}>{localDateTime(item.createdAt)}</td>
              <td className={cell}>
                {t(`records.kinds.${item.kind}`)}
                <span className="block text-xs text-muted-foreground">{t(`projectTypes.${item.projectType}` as 'projectTypes.9')}</span>
              </td>
              <td className={`${cell} text-right font-medium tabular-nums ${item.points < 0 ? 'text-destructive' : ''}`}>{item.points > 0 ? `+${formatPoints(item.points)}` : formatPoints(item.points)}</td>
              <td className={`${cell} tabular-nums`}>{kind === 'points' ? (item.orderId ?? '—') : <Counterpart entry={item} />}</td>
              <td className={`${cell} max-w-[16rem] break-words`}>{item.reason ?? '—'}</td>
              <td className={`${cell} break-all text-muted-foreground`}>{item.createdBy}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

/** The other side of a transfer by its name, with the platform id beneath it (the id alone when it has no name any more). */
function Counterpart({ entry }: { entry: LedgerEntry }) {
  if (!entry.counterpart) return <>—</>;
  if (!entry.counterpartName) return <span className="break-all">{entry.counterpart}</span>;
  return (
    <>
      {entry.counterpartName}
      <span className="block break-all font-mono text-xs text-muted-foreground">{entry.counterpart}</span>
    </>
  );
}
