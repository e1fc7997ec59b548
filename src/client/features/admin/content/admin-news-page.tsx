import { useMutation, useQuery } from '@tanstack/react-query';
import { EyeIcon, EyeOffIcon, PlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '@/client/components/alerts';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { Field } from '@/client/components/ui/field';
import { NativeSelect, NativeSelectOption } from '@/client/components/ui/native-select';
import { Pager } from '@/client/components/ui/pager';
import { useToast } from '@/client/components/ui/toast';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';
import { AdminPageHeader } from '@/client/features/admin/admin-page';
import { errorText } from '@/client/lib/errors';
import { queryClient, trpc } from '@/client/trpc';
import { newsCategories, newsStatus, type NewsAdminItem } from '@/shared/content';
import { languages } from '@/shared/languages';
import { adminNewsPath } from './news-paths';

const dateOf = (date: Date) => date.toLocaleDateString(undefined, { year: 'numeric', month: '2-digit', day: '2-digit' });

/** News and Q&A of the back office (content_management): every item, hidden ones too, with filters and publish or hide in place. */
export function AdminNewsPage() {
  const { t } = useTranslation('content');
  const ids = { category: useId(), status: useId() };
  const [category, setCategory] = useState<number | undefined>(undefined);
  const [status, setStatus] = useState<0 | 9 | undefined>(undefined);
  const [page, setPage] = useState(1);
  const list = useQuery(trpc.content.admin.list.queryOptions({ category, status, page }));
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title={t('admin.title')}
        lead={t('admin.lead')}
        actions={
          <Button asChild>
            <Link to={adminNewsPath('new')}>
              <PlusIcon aria-hidden="true" />
              {t('admin.new')}
            </Link>
          </Button>
        }
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:max-w-xl">
        <Field id={ids.category} label={t('admin.category')}>
          <NativeSelect value={category ?? ''} onChange={(event) => (setCategory(event.target.value === '' ? undefined : Number(event.target.value)), setPage(1))}>
            <NativeSelectOption value="">{t('admin.all')}</NativeSelectOption>
            {newsCategories.map((value) => (
              <NativeSelectOption key={value} value={value}>
                {t(`admin.categories.${value}`)}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </Field>
        <Field id={ids.status} label={t('admin.status')}>
          <NativeSelect value={status ?? ''} onChange={(event) => (setStatus(event.target.value === '' ? undefined : (Number(event.target.value) as 0 | 9)), setPage(1))}>
            <NativeSelectOption value="">{t('admin.all')}</NativeSelectOption>
            <NativeSelectOption value={newsStatus.enabled}>{t('admin.published')}</NativeSelectOption>
            <NativeSelectOption value={newsStatus.hidden}>{t('admin.hidden')}</NativeSelectOption>
          </NativeSelect>
        </Field>
      </div>
      {list.isPending ? (
        <PageLoading />
      ) : list.isError ? (
        <ErrorAlert title={errorText(list.error)} />
      ) : list.data.items.length === 0 ? (
        <p className="text-muted-foreground">{t('admin.empty')}</p>
      ) : (
        <>
          <Table label={t('admin.title')}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('admin.itemTitle')}</TableHead>
                <TableHead>{t('admin.category')}</TableHead>
                <TableHead>{t('admin.languages')}</TableHead>
                <TableHead>{t('admin.date')}</TableHead>
                <TableHead>{t('admin.status')}</TableHead>
              </TableRow>
            </TableHeader>
            <tbody>
              {list.data.items.map((item) => (
                <NewsRow key={item.id} item={item} />
              ))}
            </tbody>
          </Table>
          <Pager page={page} pages={list.data.pageCount} onPage={setPage} labels={{ page: t('admin.pageOf', { page, count: list.data.pageCount }), previous: t('admin.previous'), next: t('admin.next') }} />
        </>
      )}
    </div>
  );
}

function NewsRow({ item }: { item: NewsAdminItem }) {
  const { t } = useTranslation('content');
  const showToast = useToast();
  const published = item.status === newsStatus.enabled;
  const change = useMutation(
    trpc.content.admin.setStatus.mutationOptions({
      onSuccess: (saved) => {
        showToast({ variant: 'success', title: saved.status === newsStatus.enabled ? t('admin.publishedToast') : t('admin.hiddenToast'), duration: 2200 });
        void queryClient.invalidateQueries({ queryKey: trpc.content.pathKey() });
      },
      onError: (error) => showToast({ variant: 'destructive', title: errorText(error) }),
    }),
  );
  return (
    <TableRow>
      <TableCell className="max-w-xs">
        <Link to={adminNewsPath(item.id)} className="font-medium break-words text-primary hover:underline">
          {item.translations['zh-TW'].title}
        </Link>
      </TableCell>
      <TableCell className="whitespace-nowrap">{t(`admin.categories.${item.category}` as 'admin.categories.9')}</TableCell>
      <TableCell className="whitespace-nowrap">{languages.filter((language) => item.translations[language]).join(' · ')}</TableCell>
      <TableCell className="whitespace-nowrap tabular-nums">{dateOf(item.publishedAt)}</TableCell>
      <TableCell>
        <div className="flex flex-wrap items-center gap-2">
          <span className={published ? 'font-medium text-primary' : 'text-muted-foreground'}>{published ? t('admin.published') : t('admin.hidden')}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={change.isPending}
            onClick={() => change.mutate({ id: item.id, status: published ? newsStatus.hidden : newsStatus.enabled })}
            aria-label={`${published ? t('admin.hide') : t('admin.publish')}: ${item.translations['zh-TW'].title}`}
          >
            {published ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
            {published ? t('admin.hide') : t('admin.publish')}
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}
