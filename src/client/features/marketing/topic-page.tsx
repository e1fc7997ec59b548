import { ChevronLeftIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/client/components/layout/page-frame';
import { paths, type PagePath, type TopicPageId } from '@/client/routes';
import { ContactCta } from './contact-cta';
import { RelatedPages } from './related-pages';

interface TopicCopy {
  lead: string;
  body?: string;
}

/**
 * The frame of a marketing page: its name, what the topic is about, the pages next to it and a way
 * to reach us. Each page's full content replaces the body here as it is written.
 */
export function TopicPage({ page, parent, related = [] }: { page: TopicPageId; parent?: PagePath; related?: readonly PagePath[] }) {
  const { t } = useTranslation();
  const { t: tPages } = useTranslation('pages');
  const copy = tPages(page, { returnObjects: true }) as TopicCopy;
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
      <RelatedPages pages={related} />
      <ContactCta />
    </>
  );
}
