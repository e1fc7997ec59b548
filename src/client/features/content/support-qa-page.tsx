import { useQuery } from '@tanstack/react-query';
import { ChevronDownIcon, ChevronLeftIcon } from 'lucide-react';
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
import { NewsBody } from './news-body';

/** Questions and answers from the database (news of category Q&A), grouped; each answer opens in place (native details, so keyboard and screen readers work). */
export function SupportQaPage() {
  const { t } = useTranslation();
  const { t: tContent } = useTranslation('content');
  const questions = useQuery(trpc.content.qa.queryOptions());
  const items = questions.data?.items ?? [];
  const groups = [...new Set(items.map((item) => item.group))];
  return (
    <>
      <PageHeader
        title={t('pages.supportQa')}
        lead={tContent('support.qa.lead')}
        eyebrow={
          <Link to={paths.support} className="inline-flex items-center gap-1 rounded-sm hover:underline">
            <ChevronLeftIcon className="size-4" aria-hidden="true" />
            {t('pages.support')}
          </Link>
        }
      />
      {questions.isPending ? (
        <PageLoading />
      ) : questions.isError ? (
        <PageSection>
          <ErrorAlert title={errorText(questions.error)} />
        </PageSection>
      ) : (
        <PageSection className="max-w-4xl space-y-10">
          {groups.length === 0 ? <p className="text-muted-foreground">{tContent('support.qa.empty')}</p> : null}
          {groups.map((group, index) => (
            <section key={group} aria-labelledby={`qa-group-${index}`}>
              <h2 id={`qa-group-${index}`} className="text-xl font-semibold">
                {group}
              </h2>
              <div className="mt-3 divide-y divide-border rounded-lg border border-border bg-card">
                {items
                  .filter((item) => item.group === group)
                  .map((item) => (
                    <details key={item.id} className="group px-4">
                      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 py-3.5 font-medium [&::-webkit-details-marker]:hidden">
                        <span lang={item.language}>{item.question}</span>
                        <ChevronDownIcon className="size-4 shrink-0 text-muted-foreground transition-transform duration-300 group-open:rotate-180" aria-hidden="true" />
                      </summary>
                      <NewsBody html={item.answer} language={item.language} className="pb-4 text-muted-foreground" />
                    </details>
                  ))}
              </div>
            </section>
          ))}
        </PageSection>
      )}
      <RelatedPages pages={['supportVideos', 'support']} />
      <ContactCta />
    </>
  );
}
