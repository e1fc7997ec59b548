import { ChevronDownIcon, ChevronLeftIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader, PageSection } from '@/client/components/layout/page-frame';
import { ContactCta } from '@/client/features/marketing/contact-cta';
import { RelatedPages } from '@/client/features/marketing/related-pages';
import { paths } from '@/client/paths';

type Groups = Record<string, { title: string; items: Record<string, { q: string; a: string }> }>;

/** Questions and answers, grouped; each answer opens in place (native details, so keyboard and screen readers work). */
export function SupportQaPage() {
  const { t } = useTranslation();
  const { t: tContent } = useTranslation('content');
  const groups = tContent('support.qa.groups', { returnObjects: true }) as Groups;
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
      <PageSection className="max-w-4xl space-y-10">
        {Object.entries(groups).map(([groupKey, group]) => (
          <section key={groupKey} aria-labelledby={`qa-${groupKey}`}>
            <h2 id={`qa-${groupKey}`} className="text-xl font-semibold">
              {group.title}
            </h2>
            <div className="mt-3 divide-y divide-border rounded-lg border border-border bg-card">
              {Object.entries(group.items).map(([key, item]) => (
                <details key={key} className="group px-4">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-3 py-3.5 font-medium [&::-webkit-details-marker]:hidden">
                    {item.q}
                    <ChevronDownIcon className="size-4 shrink-0 text-muted-foreground transition-transform duration-300 group-open:rotate-180" aria-hidden="true" />
                  </summary>
                  <p className="pb-4 text-muted-foreground">{item.a}</p>
                </details>
              ))}
            </div>
          </section>
        ))}
      </PageSection>
      <RelatedPages pages={['supportVideos', 'support']} />
      <ContactCta />
    </>
  );
}
