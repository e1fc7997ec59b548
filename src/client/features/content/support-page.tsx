import { CircleHelpIcon, PlayCircleIcon, type LucideIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '@/client/components/layout/page-frame';
import { PageSection } from '@/client/components/layout/page-section';
import { ContactForm } from '@/client/features/messages/contact-form';
import { ShowcaseSection } from '@/client/features/marketing/showcase-section';
import { paths, type PagePath } from '@/client/paths';

const resources: { page: PagePath; icon: LucideIcon }[] = [
  { page: 'supportVideos', icon: PlayCircleIcon },
  { page: 'supportQa', icon: CircleHelpIcon },
];

export function SupportPage() {
  const { t } = useTranslation();
  const { t: tContent } = useTranslation('content');
  const { t: tMessages } = useTranslation('messages');
  const { hash } = useLocation();

  // Links elsewhere point to /support#contact; the router does not scroll to a hash by itself.
  useEffect(() => {
    if (hash === '#contact') document.getElementById('contact')?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <>
      <PageHeader title={t('pages.support')} lead={tContent('support.lead')}>
        <ul className="mt-8 grid gap-3 sm:max-w-2xl sm:grid-cols-2">
          {resources.map(({ page, icon: Icon }) => (
            <li key={page}>
              <Link
                to={paths[page]}
                className="group flex items-center gap-3 rounded-lg border border-border bg-card px-4 py-3 font-medium shadow-xs transition-colors hover:border-primary/50 hover:text-primary"
              >
                <Icon className="size-5 text-primary" aria-hidden="true" />
                {t(`pages.${page}`)}
              </Link>
            </li>
          ))}
        </ul>
      </PageHeader>
      <PageSection id="contact" aria-labelledby="contact-title" className="scroll-mt-24">
        <div className="grid gap-8 lg:grid-cols-[1fr_2fr]">
          <div>
            <h2 id="contact-title" className="text-2xl font-semibold tracking-tight">
              {tMessages('title')}
            </h2>
            <p className="mt-3 text-muted-foreground">{tMessages('intro')}</p>
            <dl className="mt-6 space-y-1 text-sm">
              <div className="flex gap-2">
                <dt className="text-muted-foreground">{t('footer.phoneLabel')}</dt>
                <dd>{t('footer.phone')}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="shrink-0 text-muted-foreground">{t('footer.addressLabel')}</dt>
                <dd>{t('footer.address')}</dd>
              </div>
            </dl>
          </div>
          <div className="rounded-lg border border-border bg-card p-5 shadow-sm sm:p-6">
            <ContactForm />
          </div>
        </div>
      </PageSection>
      <ShowcaseSection />
    </>
  );
}
