import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/client/components/ui/button';
import { cn } from '@/client/lib/utils';
import { paths } from '@/client/routes';

/** The account corner of the top bar: Login and Sign up for visitors. */
export function AccountMenu() {
  const { t } = useTranslation();
  return (
    <>
      <Link to={paths.login} className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'hidden sm:inline-flex')}>
        {t('nav.login')}
      </Link>
      <Link to={paths.signup} className={cn(buttonVariants({ size: 'sm' }), 'hidden sm:inline-flex')}>
        {t('nav.signup')}
      </Link>
    </>
  );
}
