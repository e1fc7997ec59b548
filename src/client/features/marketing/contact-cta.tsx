import { ArrowRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { PageSection } from '@/client/components/layout/page-section';
import { paths } from '@/client/paths';

export function ContactCta() {
  const { t } = useTranslation();
  return (
    <PageSection aria-labelledby="contact-cta-title">
      <div className="flex flex-col gap-4 rounded-lg border border-border bg-card p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="contact-cta-title" className="text-lg font-semibold">
            {t('cta.title')}
          </h2>
          <p className="mt-1 text-muted-foreground">{t('cta.body')}</p>
        </div>
        <Link to={`${paths.support}#contact`} className={buttonVariants()}>
          {t('cta.action')}
          <ArrowRightIcon aria-hidden="true" />
        </Link>
      </div>
    </PageSection>
  );
}
