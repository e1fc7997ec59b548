import { useQuery } from '@tanstack/react-query';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/client/components/layout/page-frame';
import { PageSection } from '@/client/components/layout/page-section';
import { PageLoading } from '@/client/components/page-loading';
import { ErrorAlert } from '@/client/components/alerts';
import { appErrorOf, errorText } from '@/client/lib/errors';
import { cn } from '@/client/lib/utils';
import { paths } from '@/client/paths';
import { trpc } from '@/client/trpc';
import { publicNewsCategories, type PublicNewsCategory } from '@/shared/content';
import { formatDate } from './news-format';

/** The query string as the server should judge it: a typo stays a typo (and is refused), nothing is guessed. */
function numberParam(value: string | null): number | undefined {
  return value === null || value === '' ? undefined : Number(value);
}

function listAddress(category: number | undefined, page: number): string {
  const query = new URLSearchParams();
  if (category !== undefined) query.set('category', String(category));
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return search ? `${paths.news}?${search}` : paths.news;
}

export function NewsCategoryBadge({ category }: { category: PublicNewsCategory }) {
  const { t } = useTranslation('content');
  return <span className="rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-medium text-primary">{t(`news.categories.${category}`)}</span>;
}

export function NewsListPage() {
  const { t } = useTranslation();
  const { t: tContent } = useTranslation('content');
  const [search] = useSearchParams();
  const category = numberParam(search.get('category'));
  const page = numberParam(search.get('page')) ?? 1;
  const news = useQuery({ ...trpc.content.newsList.queryOptions({ category, page }), retry: false });

  return (
    <>
      <PageHeader title={t('pages.news')} lead={tContent('news.lead')}>
        <nav aria-label={tContent('news.filterLabel')} className="mt-8">
          <ul className="flex flex-wrap gap-2">
            {[undefined, ...publicNewsCategories].map((option) => {
              const selected = option === category;
              return (
                <li key={option ?? 'all'}>
                  <Link
                    to={listAddress(option, 1)}
                    aria-current={selected ? 'page' : undefined}
                    className={cn(
                      'inline-block rounded-full border px-4 py-1.5 text-sm font-medium transition-colors',
                      selected ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card text-muted-foreground hover:text-foreground',
                    )}
                  >
                    {option === undefined ? tContent('news.all') : tContent(`news.categories.${option}`)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </PageHeader>
      {news.isPending ? (
        <PageLoading />
      ) : news.isError ? (
        <PageSection>
          <ErrorAlert title={tContent('news.failed')}>
            <p>{appErrorOf(news.error)?.code === 'InvalidInput' ? tContent('news.badAddress') : errorText(news.error)}</p>
            <Link to={paths.news} className="mt-2 inline-block font-medium text-primary underline">
              {tContent('news.firstPage')}
            </Link>
          </ErrorAlert>
        </PageSection>
      ) : (
        <PageSection>
          {news.data.items.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">{tContent('news.empty')}</p>
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {news.data.items.map((item) => (
                <li key={item.id} className="flex flex-col overflow-hidden rounded-lg border border-border bg-card shadow-xs">
                  {item.coverImage ? (
                    <img src={item.coverImage} alt={tContent('news.coverAlt', { title: item.title })} width={1200} height={675} loading="lazy" className="aspect-video w-full object-cover" />
                  ) : null}
                  <div className="flex flex-1 flex-col p-5">
                    <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                      <NewsCategoryBadge category={item.category} />
                      <time dateTime={item.publishedAt.toISOString()}>{formatDate(item.publishedAt)}</time>
                    </div>
                    <h2 className="mt-3 text-lg leading-snug font-semibold">
                      <Link to={`${paths.news}/${item.id}`} className="hover:text-primary hover:underline">
                        {item.title}
                      </Link>
                    </h2>
                    <p className="mt-2 flex-1 text-sm text-muted-foreground">{item.summary}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {news.data.pageCount > 1 ? (
            <nav aria-label={tContent('news.pagination')} className="mt-10 flex items-center justify-center gap-2">
              {news.data.page > 1 ? (
                <Link to={listAddress(category, news.data.page - 1)} className="inline-flex size-10 items-center justify-center rounded-md border border-border bg-card hover:bg-muted">
                  <ChevronLeftIcon className="size-4" aria-hidden="true" />
                  <span className="sr-only">{tContent('news.previous')}</span>
                </Link>
              ) : null}
              <ul className="flex gap-1">
                {Array.from({ length: news.data.pageCount }, (_, index) => index + 1).map((number) => (
                  <li key={number}>
                    <Link
                      to={listAddress(category, number)}
                      aria-current={number === news.data.page ? 'page' : undefined}
                      aria-label={tContent('news.pageOf', { page: number, count: news.data.pageCount })}
                      className={cn(
                        'inline-flex size-10 items-center justify-center rounded-md border text-sm font-medium',
                        number === news.data.page ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card hover:bg-muted',
                      )}
                    >
                      {number}
                    </Link>
                  </li>
                ))}
              </ul>
              {news.data.page < news.data.pageCount ? (
                <Link to={listAddress(category, news.data.page + 1)} className="inline-flex size-10 items-center justify-center rounded-md border border-border bg-card hover:bg-muted">
                  <ChevronRightIcon className="size-4" aria-hidden="true" />
                  <span className="sr-only">{tContent('news.next')}</span>
                </Link>
              ) : null}
            </nav>
          ) : null}
        </PageSection>
      )}
    </>
  );
}
