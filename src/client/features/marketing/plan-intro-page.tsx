import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { PageHeader } from '@/client/components/layout/page-frame';
import { cn } from '@/client/lib/utils';
import { paths, planKinds, type PlanKind } from '@/client/paths';
import { ContactCta } from './contact-cta';
import { TopicSections } from './topic-page';

/** /plan-intro/solution, /editor and /tool: one page with a switch between the three. */
export function PlanIntroPage({ kind }: { kind: PlanKind }) {
  const { t } = useTranslation();
  const { t: tPages } = useTranslation('pages');
  const page = planKinds[kind];
  return (
    <>
      <PageHeader title={t(`pages.${page}`)} lead={tPages(`${page}.lead`)} eyebrow={t('sections.planIntro')}>
        <nav aria-label={t('sections.planIntro')} className="mt-8">
          <ul className="inline-flex flex-wrap gap-1 rounded-lg border border-border bg-card p-1 shadow-xs">
            {Object.values(planKinds).map((other) => (
              <li key={other}>
                <NavLink
                  to={paths[other]}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-md px-4 py-1.5 text-sm font-medium transition-colors',
                      isActive ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                    )
                  }
                >
                  {t(`pages.${other}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </PageHeader>
      <TopicSections sections={tPages(`${page}.sections`, { returnObjects: true }) as Record<string, { title: string; body: string }>} />
      <ContactCta />
    </>
  );
}
