import { useQuery } from '@tanstack/react-query';
import { ChevronLeftIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/client/components/layout/page-frame';
import { PageSection } from '@/client/components/layout/page-section';
import { PageLoading } from '@/client/components/page-loading';
import { currentLanguage } from '@/client/i18n';
import { appErrorOf, errorText } from '@/client/lib/errors';
import { paths } from '@/client/paths';
import { trpc } from '@/client/trpc';
import { NewsCategoryBadge } from './news-list-page';
import { formatDate } from './news-format';
import { NewsBody } from './news-body';

function BackToNews() {
  const { t } = useTranslation('content');
  return (
    <Link to={paths.news} className="inline-flex items-center gap-1 rounded-sm hover:underline">
      <ChevronLeftIcon className="size-4" aria-hidden="true" />
      {t('news.back')}
    </Link>
  );
}

export function NewsDetailPage() {
  const { t: tContent } = useTranslation('content');
  const { t: tErrors } = useTranslation('errors');
  const id = Number(useParams().id);
  const news = useQuery({ ...trpc.content.newsDetail.queryOptions({ id }), retry: false });

  if (news.isPending) return <PageLoading />;
  if (news.isError) {
    // An address whose id is not a number names no article: to the reader that is simply not found.
    const reason = appErrorOf(news.error)?.code === 'InvalidInput' ? tErrors('NotFound') : errorText(news.error);
    return <PageHeader title={tContent('news.failed')} lead={reason} eyebrow={<BackToNews />} />;
  }

  const item = news.data;
  return (
    <article>
      <PageHeader title={item.title} lead={item.summary} eyebrow={<BackToNews />}>
        <div className="mt-4 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <NewsCategoryBadge category={item.category} />
          <time dateTime={item.publishedAt.toISOString()}>{formatDate(item.publishedAt)}</time>
        </div>
      </PageHeader>
      <PageSection className="max-w-3xl">
        {item.language !== currentLanguage() ? (
          <p className="mb-6 rounded-md bg-muted px-4 py-2 text-sm text-muted-foreground">{tContent('news.writtenIn')}</p>
        ) : null}
        {item.coverImage ? (
          <img src={item.coverImage} alt={tContent('news.coverAlt', { title: item.title })} width={1200} height={675} className="mb-8 aspect-video w-full rounded-lg object-cover" />
        ) : null}
        <NewsBody html={item.body} language={item.language} className="text-lg" />
      </PageSection>
    </article>
  );
}
