import { ArrowRightIcon, HashIcon, ListChecksIcon, ScanSearchIcon, TimerIcon, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { PageSection } from '@/client/components/layout/page-section';
import { HomeBanners } from '@/client/features/content/home-banners';
import { paths, type PagePath } from '@/client/paths';
import { ContactCta } from './contact-cta';
import { InspectionIllustration } from './inspection-illustration';
import { ShowcaseSection } from './showcase-section';

const capabilities: { key: 'aoi' | 'sop' | 'cycle' | 'count'; page: PagePath; icon: LucideIcon }[] = [
  { key: 'aoi', page: 'videoFixedAoi', icon: ScanSearchIcon },
  { key: 'sop', page: 'videoFixedSop', icon: ListChecksIcon },
  { key: 'cycle', page: 'videoFixedCycle', icon: TimerIcon },
  { key: 'count', page: 'videoFixedCount', icon: HashIcon },
];

const steps = ['label', 'train', 'run'] as const;

export function HomePage() {
  const { t } = useTranslation();
  const { t: tHome } = useTranslation('home');
  return (
    <>
      <div className="relative overflow-hidden border-b border-border bg-gradient-to-b from-muted to-background">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] bg-[size:40px_40px] opacity-50 [mask-image:linear-gradient(to_bottom,black,transparent)]"
        />
        <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1.15fr_1fr]">
          <div>
            <p className="mb-3 text-sm font-medium text-primary">{tHome('eyebrow')}</p>
            <h1 className="text-3xl font-bold tracking-tight text-foreground sm:text-5xl">{tHome('title')}</h1>
            <p className="mt-5 text-lg text-muted-foreground">{tHome('lead')}</p>
            <p className="mt-3 text-sm text-muted-foreground">{tHome('audience')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to={paths.pricing} className={buttonVariants({ size: 'lg' })}>
                {tHome('ctaPricing')}
                <ArrowRightIcon aria-hidden="true" />
              </Link>
              <Link to={`${paths.support}#contact`} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
                {tHome('ctaSupport')}
              </Link>
            </div>
          </div>
          <InspectionIllustration className="mx-auto w-full max-w-md lg:max-w-none" />
        </div>
      </div>
      <HomeBanners />
      <PageSection aria-labelledby="capabilities-title">
        <h2 id="capabilities-title" className="text-2xl font-semibold tracking-tight">
          {tHome('capabilitiesTitle')}
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
                <span className="text-sm text-muted-foreground">{tHome(`capabilities.${key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection aria-labelledby="steps-title" className="pt-0">
        <h2 id="steps-title" className="text-2xl font-semibold tracking-tight">
          {tHome('stepsTitle')}
        </h2>
        <ol className="mt-6 grid gap-4 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step} className="relative rounded-lg border border-border bg-card p-5 shadow-xs">
              <span className="mb-3 flex size-8 items-center justify-center rounded-full bg-ink text-sm font-semibold text-ink-foreground" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="font-semibold">{tHome(`steps.${step}.title`)}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{tHome(`steps.${step}.body`)}</p>
            </li>
          ))}
        </ol>
        <div className="mt-8 flex flex-col gap-4 rounded-lg bg-ink p-6 text-ink-foreground sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-lg font-semibold text-white">{tHome('points.title')}</h2>
            <p className="mt-1 text-ink-foreground/80">{tHome('points.body')}</p>
          </div>
          <Link to={paths.pricing} className="inline-flex shrink-0 items-center gap-2 rounded-md bg-teal-300 px-4 py-2 text-sm font-semibold text-ink hover:bg-teal-200">
            {tHome('points.action')}
            <ArrowRightIcon className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </PageSection>
      <ShowcaseSection />
      <ContactCta />
    </>
  );
}
