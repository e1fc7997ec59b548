import { ChevronLeftIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/client/components/layout/page-frame';
import { PageSection } from '@/client/components/layout/page-section';
import { paths, type PagePath, type TopicPageId } from '@/client/paths';
import { ContactCta } from './contact-cta';
import { RelatedPages } from './related-pages';
import { ShowcaseSection } from './showcase-section';

interface TopicSection {
  title: string;
  body: string;
}

interface TopicCopy {
  lead: string;
  body?: string;
  sections?: Record<string, TopicSection>;
}

/** Numbered sections read as steps; others as a grid of cards. */
export function TopicSections({ sections }: { sections: Record<string, TopicSection> }) {
  const entries = Object.entries(sections);
  return (
    <PageSection>
      <ul className={entries.length > 3 ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3' : 'grid gap-4 md:grid-cols-2'}>
        {entries.map(([key, section]) => (
          <li key={key} className="rounded-lg border border-border bg-card p-5 shadow-xs">
            <h2 className="text-lg font-semibold">{section.title}</h2>
            <p className="mt-2 text-muted-foreground">{section.body}</p>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

/**
 * A marketing page: its name, what the topic is about, its sections, the pages next to it, the
 * partner block where spec section 2 asks for it, and a way to reach us.
 */
export function TopicPage({
  page,
  parent,
  related = [],
  showcase = false,
}: {
  page: Exclude<TopicPageId, 'classesList'>;
  parent?: PagePath;
  related?: readonly PagePath[];
  showcase?: boolean;
}) {
  const { t } = useTranslation();
  const { t: tPages } = useTranslation('pages');
  const copy = tPages(page as 'about', { returnObjects: true }) as TopicCopy;
  return (
    <>
      <PageHeader
        title={t(`pages.${page}`)}
        lead={copy.lead}
        eyebrow={
          parent ? (
            <Link to={paths[parent]} className="inline-flex items-center gap-1 rounded-sm hover:underline">
              <ChevronLeftIcon className="size-4" aria-hidden="true" />
              {t(`pages.${parent}`)}
            </Link>
          ) : undefined
        }
      >
        {copy.body ? <p className="mt-3 max-w-3xl text-muted-foreground">{copy.body}</p> : null}
      </PageHeader>
      {copy.sections ? <TopicSections sections={copy.sections} /> : null}
      <RelatedPages pages={related} />
      {showcase ? <ShowcaseSection /> : null}
      <ContactCta />
    </>
  );
}
