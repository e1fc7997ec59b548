import { CircleUserIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { paths } from '@/client/paths';

/**
 * Login and Sign up, the visitor's corner of the top bar: drawn from the common texts, without the
 * account code (account-menu.tsx), which a visitor without a session never loads. On the bar they
 * show from 640 px; the phone menu carries them below that.
 */
export function VisitorLinks({ inPhoneMenu = false }: { inPhoneMenu?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    // `contents`: the links stand in the bar's row as if there were no wrapper, which only hides them on a phone.
    <span className={inPhoneMenu ? 'contents' : 'hidden sm:contents'}>
      <Link to={{ pathname: paths.login, search: location.search }} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
        {t('nav.login')}
      </Link>
      <Link to={{ pathname: paths.signup, search: location.search }} className={buttonVariants({ size: 'sm' })}>
        {t('nav.signup')}
      </Link>
    </span>
  );
}

/** Where the member's menu will stand, while its code or the session check is on the way. */
export function MemberCornerPlaceholder() {
  return (
    <span className={buttonVariants({ variant: 'ghost', size: 'corner' })} aria-hidden="true">
      <CircleUserIcon />
    </span>
  );
}
