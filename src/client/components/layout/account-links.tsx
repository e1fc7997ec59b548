import { CircleUserIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { cn } from '@/client/lib/utils';
import { paths } from '@/client/paths';

/**
 * Login and Sign up, the visitor's corner of the top bar: drawn from the common texts, without the
 * account code (account-menu.tsx), which a visitor without a session never loads. On the bar they
 * show from 640 px; the phone menu carries them below that.
 */
export function VisitorLinks({ inPhoneMenu = false }: { inPhoneMenu?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const visitorLink = inPhoneMenu ? 'inline-flex' : 'hidden sm:inline-flex';
  return (
    <>
      <Link to={{ pathname: paths.login, search: location.search }} className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), visitorLink)}>
        {t('nav.login')}
      </Link>
      <Link to={{ pathname: paths.signup, search: location.search }} className={cn(buttonVariants({ size: 'sm' }), visitorLink)}>
        {t('nav.signup')}
      </Link>
    </>
  );
}

/** Where the member's menu will stand, while its code or the session check is on the way. */
export function MemberCornerPlaceholder() {
  return (
    <span className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'px-2 sm:px-3')} aria-hidden="true">
      <CircleUserIcon />
    </span>
  );
}
