import { ArrowRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/client/components/ui/button';
import { PageHeader } from '@/client/components/layout/page-frame';
import { paths } from '@/client/routes';

/** /signup and /login until the accounts work lands: says so plainly and points to the contact form. */
export function AccountOpeningSoonPage({ page }: { page: 'signup' | 'login' }) {
  const { t } = useTranslation();
  const { t: tPages } = useTranslation('pages');
  return (
    <PageHeader title={t(`pages.${page}`)} lead={tPages(`${page}.lead`)}>
      <p className="mt-3 max-w-3xl text-muted-foreground">{tPages(`${page}.body`)}</p>
      <Link to={`${paths.support}#contact`} className={buttonVariants({ className: 'mt-6' })}>
        {tPages(`${page}.action`)}
        <ArrowRightIcon aria-hidden="true" />
      </Link>
    </PageHeader>
  );
}
