import { LockIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { adminPath } from '@/client/paths';
import { mayOpen, useStaffSession, type ScreenPermission } from './staff-session';

/** A screen opened by its address without the permission says so instead of drawing it (the server refuses its calls anyway). */
export function ScreenGuard({ permission, children }: { permission: ScreenPermission; children: ReactNode }) {
  const staff = useStaffSession().data?.staff;
  if (staff && mayOpen(staff, permission)) return children;
  return <NoPermission />;
}

export function NoPermission() {
  const { t } = useTranslation('admin');
  return (
    <section className="mx-auto max-w-xl py-12 text-center" aria-labelledby="no-permission-title">
      <LockIcon className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
      <h1 id="no-permission-title" className="mt-4 text-2xl font-bold">
        {t('noPermission.title')}
      </h1>
      <p className="mt-2 text-muted-foreground">{t('noPermission.lead')}</p>
      <Link to={adminPath} className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
        {t('noPermission.back')}
      </Link>
    </section>
  );
}
