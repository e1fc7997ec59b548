import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/client/components/layout/page-frame';
import { PageSection } from '@/client/components/layout/page-section';
import { ShowcaseSection } from './showcase-section';

type Clauses = Record<string, { title: string; body: string }>;

function ClauseList({ id, title, clauses }: { id: string; title: string; clauses: Clauses }) {
  return (
    <section aria-labelledby={id} className="scroll-mt-24" id={`${id}-section`}>
      <h2 id={id} className="text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      <div className="mt-4 space-y-6">
        {Object.entries(clauses).map(([key, clause]) => (
          <div key={key}>
            <h3 className="font-semibold">{clause.title}</h3>
            <p className="mt-1.5 text-muted-foreground">{clause.body}</p>
          </div>
        ))}
      </div>
    </section>
  );
}

/** /term: the member terms, then the privacy policy, with a table of contents. */
export function TermPage() {
  const { t } = useTranslation();
  const { t: tTerm } = useTranslation('term');
  return (
    <>
      <PageHeader title={t('pages.term')} lead={tTerm('lead')}>
        <p className="mt-3 text-sm text-muted-foreground">{tTerm('updated')}</p>
        <nav aria-label={tTerm('contents')} className="mt-6">
          <ul className="flex flex-wrap gap-2">
            <li>
              <a href="#terms-section" className="inline-block rounded-md border border-border bg-card px-3 py-1.5 text-sm font-medium hover:border-primary/50">
                {tTerm('termsTitle')}
              </a>
            </li>
            <li>
              <a href="#privacy-section" className="inline-block rounded-md border border-border bg-card px-3 py-1.5 text-sm font-medium hover:border-primary/50">
                {tTerm('privacyTitle')}
              </a>
            </li>
          </ul>
        </nav>
      </PageHeader>
      <PageSection className="max-w-3xl space-y-12">
        <ClauseList id="terms" title={tTerm('termsTitle')} clauses={tTerm('terms', { returnObjects: true }) as Clauses} />
        <ClauseList id="privacy" title={tTerm('privacyTitle')} clauses={tTerm('privacy', { returnObjects: true }) as Clauses} />
      </PageSection>
      <ShowcaseSection />
    </>
  );
}
