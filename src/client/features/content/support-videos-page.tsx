import { useQuery } from '@tanstack/react-query';
import { ChevronLeftIcon, ClockIcon, PlayIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '@/client/components/alerts';
import { PageHeader } from '@/client/components/layout/page-frame';
import { PageSection } from '@/client/components/layout/page-section';
import { PageLoading } from '@/client/components/page-loading';
import { ContactCta } from '@/client/features/marketing/contact-cta';
import { RelatedPages } from '@/client/features/marketing/related-pages';
import { errorText } from '@/client/lib/errors';
import { paths } from '@/client/paths';
import { trpc } from '@/client/trpc';

export function SupportVideosPage() {
  const { t } = useTranslation();
  const { t: tContent } = useTranslation('content');
  const videos = useQuery(trpc.content.videos.queryOptions());
  return (
    <>
      <PageHeader
        title={t('pages.supportVideos')}
        lead={tContent('support.videos.lead')}
        eyebrow={
          <Link to={paths.support} className="inline-flex items-center gap-1 rounded-sm hover:underline">
            <ChevronLeftIcon className="size-4" aria-hidden="true" />
            {t('pages.support')}
          </Link>
        }
      >
        <p className="mt-3 max-w-3xl text-muted-foreground">{tContent('support.videos.where')}</p>
      </PageHeader>
      <PageSection>
        {videos.isPending ? (
          <PageLoading />
        ) : videos.isError ? (
          <ErrorAlert title={errorText(videos.error)} />
        ) : (
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {videos.data.items.map((video, index) => (
              <li key={video.id} lang={video.language} className="overflow-hidden rounded-lg border border-border bg-card shadow-xs">
                <a href={video.videoUrl} target="_blank" rel="noopener noreferrer" className="group block rounded-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                  <div className="relative flex aspect-video items-center justify-center bg-ink text-ink-foreground" aria-hidden="true">
                    <span className="absolute top-3 left-3 font-mono text-xs text-teal-300">{String(index + 1).padStart(2, '0')}</span>
                    <span className="flex size-12 items-center justify-center rounded-full bg-white/10 ring-1 ring-white/20 transition-transform group-hover:scale-110">
                      <PlayIcon className="size-5" />
                    </span>
                  </div>
                  <div className="p-4">
                    <h2 className="font-semibold group-hover:underline">{video.title}</h2>
                    <p className="mt-1 text-sm text-muted-foreground">{video.description}</p>
                    <p className="mt-3 inline-flex items-center gap-1.5 text-xs text-muted-foreground">
                      <ClockIcon className="size-3.5" aria-hidden="true" />
                      {tContent('support.videos.minutes', { count: video.minutes })}
                    </p>
                  </div>
                </a>
              </li>
            ))}
          </ol>
        )}
        <p className="mt-6 text-muted-foreground">{tContent('support.videos.live')}</p>
      </PageSection>
      <RelatedPages pages={['supportQa', 'support']} />
      <ContactCta />
    </>
  );
}
