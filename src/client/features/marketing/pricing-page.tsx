import { CheckIcon, DownloadIcon, FileTextIcon } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/client/components/layout/page-frame';
import { PageSection } from '@/client/components/layout/page-section';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { currentLanguage } from '@/client/i18n';
import { cn } from '@/client/lib/utils';
import { paths } from '@/client/paths';
import { trpc } from '@/client/trpc';
import { ContactCta } from './contact-cta';

/** Spec sections 1 and 9: the price of a point; the paid plans are the packages on sale in the database. */
const pointPrice = 5000;
/** The description of the seeded plans, by their points; a plan staff add later shows its name, points and price. */
const planTexts: Record<number, 'basic' | 'advanced'> = { 400: 'basic', 800: 'advanced' };
const rules = ['price', 'hour', 'minimum', 'projects'] as const;
const purchaseSteps = ['download', 'sign', 'remit', 'confirm', 'grant'] as const;
const downloads = [
  { key: 'quotation', href: '/downloads/inspectra-quotation.md' },
  { key: 'terms', href: '/downloads/inspectra-point-terms.md' },
] as const;

/** TWD with two decimals (spec section 9 'Formats'). */
function money(amount: number): string {
  return new Intl.NumberFormat(currentLanguage(), { style: 'currency', currency: 'TWD', currencyDisplay: 'code', minimumFractionDigits: 2 }).format(amount);
}

export function PricingPage() {
  const { t } = useTranslation();
  const { t: tPricing } = useTranslation('pricing');
  const onSale = useQuery(trpc.packages.onSale.queryOptions());
  const trial = useQuery(trpc.packages.trialOffer.queryOptions());
  const language = currentLanguage();
  const paid = (onSale.data ?? []).filter((plan) => plan.type === 'general');
  // The trial plan's points are the active trial package's: no card while none is active.
  const plans = [
    ...(trial.data
      ? [{ key: 'trial', name: tPricing('plans.trial.name'), points: trial.data.pointsTenths / 10, priceMinor: 0, bonusTenths: 0, bonusPercent: 0, text: 'trial' as const, featured: false }]
      : []),
    ...paid.map((plan, index) => ({
      key: String(plan.id),
      name: plan.names[language],
      points: plan.pointsTenths / 10,
      priceMinor: plan.priceMinor,
      bonusTenths: plan.bonusTenths,
      bonusPercent: plan.bonusPercent,
      text: planTexts[plan.pointsTenths],
      featured: index === paid.length - 1,
    })),
  ];
  return (
    <>
      <PageHeader title={t('pages.pricing')} lead={tPricing('lead')} />
      <PageSection aria-labelledby="plans-title">
        <h2 id="plans-title" className="text-2xl font-semibold tracking-tight">
          {tPricing('plansTitle')}
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {plans.map((plan) => (
            <li
              key={plan.key}
              className={cn('flex flex-col rounded-lg border bg-card p-6 shadow-xs', plan.featured ? 'border-primary ring-1 ring-primary' : 'border-border')}
            >
              <h3 className="text-lg font-semibold">{plan.name}</h3>
              <p className="mt-3 text-3xl font-bold tracking-tight">{tPricing('points', { count: plan.points })}</p>
              <p className="mt-1 text-sm text-muted-foreground">
                {plan.text === 'trial' ? tPricing('free') : tPricing('total', { amount: money(plan.priceMinor / 100) })}
                {plan.bonusTenths > 0 ? ` · ${tPricing('bonus', { count: plan.bonusTenths / 10, percent: plan.bonusPercent })}` : ''}
              </p>
              <p className="mt-4 flex-1 text-muted-foreground">{plan.text ? tPricing(`plans.${plan.text}.body`) : ''}</p>
              <Link to={`${paths.support}#contact`} className={cn(buttonVariants({ variant: plan.featured ? 'default' : 'outline' }), 'mt-6')}>
                {tPricing(plan.text === 'trial' ? 'plans.trial.action' : 'plans.basic.action')}
              </Link>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection aria-labelledby="rules-title" className="grid gap-10 pt-0 lg:grid-cols-2">
        <div>
          <h2 id="rules-title" className="text-2xl font-semibold tracking-tight">
            {tPricing('rulesTitle')}
          </h2>
          <p className="mt-2 text-muted-foreground">
            {money(pointPrice)} {tPricing('perPoint')}
          </p>
          <ul className="mt-4 space-y-3">
            {rules.map((rule) => (
              <li key={rule} className="flex gap-3">
                <CheckIcon className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
                <span>{tPricing(`rules.${rule}`)}</span>
              </li>
            ))}
          </ul>
          <h2 id="downloads-title" className="mt-10 text-2xl font-semibold tracking-tight">
            {tPricing('downloadsTitle')}
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2" aria-labelledby="downloads-title">
            {downloads.map((file) => (
              <li key={file.key}>
                <a
                  href={file.href}
                  download
                  className="group flex items-center gap-3 rounded-lg border border-border bg-card px-4 py-3 shadow-xs transition-colors hover:border-primary/50"
                >
                  <FileTextIcon className="size-6 shrink-0 text-primary" aria-hidden="true" />
                  <span className="flex-1">
                    <span className="block font-medium group-hover:text-primary">{tPricing(`downloads.${file.key}`)}</span>
                    <span className="block text-xs text-muted-foreground">{tPricing('downloadHint')}</span>
                  </span>
                  <DownloadIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 id="process-title" className="text-2xl font-semibold tracking-tight">
            {tPricing('processTitle')}
          </h2>
          <ol className="mt-4 space-y-4" aria-labelledby="process-title">
            {purchaseSteps.map((step, index) => (
              <li key={step} className="flex gap-4">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-ink text-sm font-semibold text-ink-foreground" aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold">{tPricing(`process.${step}.title`)}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{tPricing(`process.${step}.body`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </PageSection>
      <ContactCta />
    </>
  );
}
