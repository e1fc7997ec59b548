import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { Input } from '@/client/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/client/components/ui/native-select';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { currentLanguage } from '@/client/i18n';
import { errorText } from '@/client/lib/errors';
import { trpc } from '@/client/trpc';
import { auditActions, type AuditSearchForm } from '@/shared/audit';
import { AdminCard, AdminPageHeader } from '../admin-page';

function changeText(value: unknown): string {
  return value === null || value === undefined ? '–' : JSON.stringify(value);
}

/** /admin/audit (super staff): who did what to which record, before and after, when and from where; newest first. */
export function AuditScreen() {
  const { t } = useTranslation('admin');
  const id = useId();
  const [filter, setFilter] = useState<AuditSearchForm>({});
  // Keyset paging: the `before` id of each page seen, so 'newer' goes back one.
  const [pages, setPages] = useState<number[]>([]);
  const search = useQuery(trpc.audit.admin.search.queryOptions({ ...filter, before: pages.at(-1), limit: 50 }));
  const dateTime = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'medium' });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => (data.get(name) as string).trim() || undefined;
    const date = (name: string, end: boolean) => (text(name) ? new Date(`${text(name)}T${end ? '23:59:59.999' : '00:00:00'}`) : undefined);
    setPages([]);
    setFilter({ staffEmail: text('staffEmail'), action: text('action') as AuditSearchForm['action'], target: text('target'), from: date('from', false), to: date('to', true) });
  };

  return (
    <div className="space-y-6">
      <AdminPageHeader title={t('audit.title')} lead={t('audit.lead')} />
      <AdminCard>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" aria-label={t('audit.filters')}>
          <Field id={`${id}-staff`} label={t('audit.staff')}>
            <Input name="staffEmail" type="email" />
          </Field>
          <Field id={`${id}-action`} label={t('audit.action')}>
            <NativeSelect name="action" defaultValue="">
              <NativeSelectOption value="">{t('audit.anyAction')}</NativeSelectOption>
              {auditActions.map((action) => (
                <NativeSelectOption key={action} value={action}>
                  {t(`audit.actions.${action}`)}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </Field>
          <Field id={`${id}-target`} label={t('audit.target')} description={t('audit.targetHelp')}>
            <Input name="target" />
          </Field>
          <Field id={`${id}-from`} label={t('audit.from')}>
            <Input name="from" type="date" />
          </Field>
          <Field id={`${id}-to`} label={t('audit.to')}>
            <Input name="to" type="date" />
          </Field>
          <div className="sm:col-span-2 lg:col-span-5">
            <Button type="submit">{t('audit.search')}</Button>
          </div>
        </form>
      </AdminCard>
      {search.isPending ? (
        <PageLoading />
      ) : search.isError ? (
        <ErrorAlert title={errorText(search.error)} />
      ) : search.data.items.length === 0 ? (
        <p className="text-muted-foreground">{t('audit.empty')}</p>
      ) : (
        <Table label={t('audit.title')} className="min-w-[48rem]">
          <TableHeader>
            <TableRow>
              <TableHead>{t('audit.when')}</TableHead>
              <TableHead>{t('audit.staff')}</TableHead>
              <TableHead>{t('audit.action')}</TableHead>
              <TableHead>{t('audit.target')}</TableHead>
              <TableHead>{t('audit.change')}</TableHead>
              <TableHead>{t('audit.address')}</TableHead>
            </TableRow>
          </TableHeader>
          <tbody>
            {search.data.items.map((entry) => (
              <TableRow key={entry.id} className="align-top">
                <TableCell className="whitespace-nowrap">{dateTime.format(entry.createdAt)}</TableCell>
                <TableCell className="break-all">{entry.staffEmail}</TableCell>
                <TableCell>{t(`audit.actions.${entry.action}`)}</TableCell>
                <TableCell className="break-all">{entry.target}</TableCell>
                <TableCell className="font-mono text-xs break-all">
                  <span className="sr-only">{t('audit.before')}: </span>
                  {changeText(entry.before)}
                  <span aria-hidden="true"> → </span>
                  <span className="sr-only">{t('audit.after')}: </span>
                  {changeText(entry.after)}
                </TableCell>
                <TableCell>{entry.address ?? t('audit.cli')}</TableCell>
              </TableRow>
            ))}
          </tbody>
        </Table>
      )}
      <div className="flex gap-2">
        <Button variant="outline" disabled={pages.length === 0} onClick={() => setPages(pages.slice(0, -1))}>
          {t('audit.newer')}
        </Button>
        <Button variant="outline" disabled={!search.data?.nextBefore} onClick={() => search.data?.nextBefore && setPages([...pages, search.data.nextBefore])}>
          {t('audit.older')}
        </Button>
      </div>
    </div>
  );
}
