import { ChevronRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageSection } from '@/client/components/layout/page-section';
import { paths, type PagePath } from '@/client/paths';

export function RelatedPages({ pages, title }: { pages: readonly PagePath[]; title?: string }) {
  const { t } = useTranslation();
  const { t: tPages } = useTranslation('pages');
  if (pages.length === 0) return null;
  return (
    <PageSection aria-labelledby="related-title" className="pb-0">
      <h2 id="related-title" className="mb-4 text-lg font-semibold">
        {title ?? tPages('related')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {pages.map((page) => (
          <li key={page}>
            <Link
              to={paths[page]}
              className="group flex h-full items-center justify-between gap-3 rounded-lg border border-border bg-card px-4 py-3 font-medium shadow-xs transition-colors hover:border-primary/50 hover:text-primary"
            >
              {t(`pages.${page}`)}
              <ChevronRightIcon className="size-4 shrink-0 text-muted-foreground group-hover:text-primary" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
