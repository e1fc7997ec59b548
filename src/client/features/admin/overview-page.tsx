import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminScreenPath } from '@/client/paths';
import { AdminPageHeader } from './admin-page';
import { adminScreens } from './screens';
import { mayOpen, useStaffSession } from './staff-session';

/** /admin: who is signed in, with what permissions, and the screens they may open. */
export function AdminOverviewPage() {
  const { t } = useTranslation('admin');
  const staff = useStaffSession().data?.staff;
  if (!staff) return null;
  const screens = adminScreens.filter((screen) => mayOpen(staff, screen.permission));
  return (
    <>
      <AdminPageHeader title={t('overview.title')} lead={t('overview.lead', { name: staff.name })} />
      <section aria-labelledby="admin-permissions" className="mb-8">
        <h2 id="admin-permissions" className="text-lg font-semibold">
          {t('overview.permissions')}
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {staff.super ? <li className="rounded-full bg-primary px-3 py-1 text-sm text-primary-foreground">{t('permissions.super')}</li> : null}
          {staff.permissions.map((permission) => (
            <li key={permission} className="rounded-full border border-border bg-card px-3 py-1 text-sm">
              {t(`permissions.${permission}`)}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="admin-screens">
        <h2 id="admin-screens" className="text-lg font-semibold">
          {t('overview.screens')}
        </h2>
        {screens.length === 0 ? (
          <p className="mt-3 text-muted-foreground">{t('overview.noScreens')}</p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {screens.map(({ id, icon: Icon }) => (
              <li key={id}>
                <Link to={adminScreenPath(id)} className="flex items-center gap-3 rounded-lg border border-border bg-card p-4 font-medium shadow-sm hover:border-primary">
                  <Icon className="size-5 text-primary" aria-hidden="true" />
                  {t(`screens.${id}`)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** An unknown address under /admin. */
export function AdminNotFoundPage() {
  const { t } = useTranslation('admin');
  return <AdminPageHeader title={t('notFound.title')} lead={t('notFound.lead')} />;
}
