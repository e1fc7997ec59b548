import { ArrowRightIcon, HashIcon, ListChecksIcon, ScanSearchIcon, TimerIcon, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/client/components/ui/button';
import { PageSection } from '@/client/components/layout/page-frame';
import { paths, type PagePath } from '@/client/routes';
import { ContactCta } from './contact-cta';
import { InspectionIllustration } from './inspection-illustration';

const capabilities: { key: 'aoi' | 'sop' | 'cycle' | 'count'; page: PagePath; icon: LucideIcon }[] = [
  { key: 'aoi', page: 'videoFixedAoi', icon: ScanSearchIcon },
  { key: 'sop', page: 'videoFixedSop', icon: ListChecksIcon },
  { key: 'cycle', page: 'videoFixedCycle', icon: TimerIcon },
  { key: 'count', page: 'videoFixedCount', icon: HashIcon },
];

export function HomePage() {
  const { t } = useTranslation();
  const { t: tPages } = useTranslation('pages');
  return (
    <>
      <div className="relative overflow-hidden border-b border-border bg-gradient-to-b from-muted to-background">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] bg-[size:40px_40px] opacity-50 [mask-image:linear-gradient(to_bottom,black,transparent)]"
        />
        <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1.15fr_1fr]">
          <div>
            <p className="mb-3 text-sm font-medium text-primary">{tPages('home.eyebrow')}</p>
            <h1 className="text-3xl font-bold tracking-tight text-foreground sm:text-5xl">{tPages('home.title')}</h1>
            <p className="mt-5 text-lg text-muted-foreground">{tPages('home.lead')}</p>
            <p className="mt-3 text-sm text-muted-foreground">{tPages('home.audience')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to={paths.pricing} className={buttonVariants({ size: 'lg' })}>
                {tPages('home.ctaPricing')}
                <ArrowRightIcon aria-hidden="true" />
              </Link>
              <Link to={paths.support} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
                {tPages('home.ctaSupport')}
              </Link>
            </div>
          </div>
          <InspectionIllustration className="mx-auto w-full max-w-md lg:max-w-none" />
        </div>
      </div>
      <PageSection aria-labelledby="capabilities-title">
        <h2 id="capabilities-title" className="text-2xl font-semibold tracking-tight">
          {tPages('home.capabilitiesTitle')}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {capabilities.map(({ key, page, icon: Icon }) => (
            <li key={key}>
              <Link
                to={paths[page]}
                className="group flex h-full flex-col gap-3 rounded-lg border border-border bg-card p-5 shadow-xs transition-colors hover:border-primary/50"
              >
                <span className="flex size-10 items-center justify-center rounded-md bg-primary/10 text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="font-semibold group-hover:text-primary">{t(`pages.${page}`)}</span>
                <span className="text-sm text-muted-foreground">{tPages(`home.capabilities.${key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </PageSection>
      <ContactCta />
    </>
  );
}
