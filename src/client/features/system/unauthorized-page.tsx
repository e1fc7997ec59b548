import { LockIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { PageHeader } from '@/client/components/layout/page-frame';
import { paths } from '@/client/paths';

export function UnauthorizedPage() {
  const { t } = useTranslation();
  const { t: tPages } = useTranslation('pages');
  return (
    <PageHeader title={t('pages.unauthorized')} lead={tPages('unauthorized.lead')} eyebrow={<LockIcon className="size-5" aria-hidden="true" />}>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={paths.login} className={buttonVariants()}>
          {t('nav.login')}
        </Link>
        <Link to={paths.home} className={buttonVariants({ variant: 'outline' })}>
          {t('actions.backHome')}
        </Link>
      </div>
    </PageHeader>
  );
}
