import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { PageHeader } from '@/client/components/layout/page-frame';
import { paths } from '@/client/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageHeader title={t('pages.notFound')} lead={t('notFound.body')} eyebrow="404">
      <Link to={paths.home} className={buttonVariants({ className: 'mt-6' })}>
        {t('notFound.home')}
      </Link>
    </PageHeader>
  );
}
