import { useMutation } from '@tanstack/react-query';
import { LayoutDashboardIcon, LogOutIcon, MenuIcon, XIcon } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, ScrollRestoration, useLocation, useMatches, useNavigate } from 'react-router';
import { BrandMark } from '@/client/components/layout/brand-mark';
import { LanguageSwitcher } from '@/client/components/layout/language-switcher';
import { SkipLink } from '@/client/components/layout/page-shell';
import { PageLoading } from '@/client/components/page-loading';
import { Button } from '@/client/components/ui/button';
import { ToastProvider } from '@/client/components/ui/toast';
import { brand } from '@/client/lib/brand';
import { cn } from '@/client/lib/utils';
import { adminPath, adminScreenPath, adminSignInPath } from '@/client/paths';
import { queryClient, trpc } from '@/client/trpc';
import { adminScreens, type AdminScreenId } from './screens';
import { mayOpen, useStaffSession, type SignedInStaff } from './staff-session';

const contentId = 'admin-content';

/** The handle of a back-office route: the screen whose name titles the browser tab. */
export interface AdminHandle {
  adminScreen: AdminScreenId | 'overview' | 'notFound';
}

function useAdminTitle(): void {
  const { t } = useTranslation('admin');
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => typeof match.handle === 'object' && match.handle !== null && 'adminScreen' in match.handle)?.handle as AdminHandle | undefined;
  const screen = handle?.adminScreen ?? 'overview';
  const name = screen === 'overview' ? t('overview.title') : screen === 'notFound' ? t('notFound.title') : t(`screens.${screen}`);
  const title = `${name} | ${t('title', { brand })}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * /admin: the staff back office, outside the public page shell. Staff sign in at /admin/sign-in with
 * their own cookie; the menu lists only the screens the staff member may open.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const session = useStaffSession();
  const location = useLocation();
  useAdminTitle();
  if (session.isPending) return <PageLoading />;
  const staff = session.data?.staff;
  if (!staff) return <Navigate to={`${adminSignInPath}?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return (
    <ToastProvider label={t('notifications')} closeLabel={t('actions.close')}>
      <div className="flex min-h-dvh flex-col bg-muted/30">
        <SkipLink to={contentId} />
        <AdminHeader staff={staff} />
        <div className="mx-auto flex w-full max-w-[1600px] flex-1">
          <aside className="hidden w-60 shrink-0 border-r border-border bg-card px-3 py-6 lg:block">
            <AdminMenu staff={staff} />
          </aside>
          <main id={contentId} tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
      <ScrollRestoration />
    </ToastProvider>
  );
}

function AdminHeader({ staff }: { staff: SignedInStaff }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const signOut = useMutation(trpc.staff.signOut.mutationOptions());
  const onSignOut = () =>
    signOut.mutate(undefined, {
      onSettled: async () => {
        queryClient.removeQueries();
        await navigate(adminSignInPath, { replace: true });
      },
    });
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card">
      <div className="mx-auto flex h-14 max-w-[1600px] items-center gap-2 px-4 sm:gap-3 sm:px-6">
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger asChild>
            <Button variant="ghost" size="icon" className="lg:hidden" aria-label={t('menu.open')}>
              <MenuIcon aria-hidden="true" />
            </Button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
            <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto border-r border-border bg-card p-4 shadow-xl">
              <div className="mb-4 flex items-center justify-between">
                <Dialog.Title className="font-semibold">{t('title', { brand })}</Dialog.Title>
                <Dialog.Close asChild>
                  <Button variant="ghost" size="icon" aria-label={t('menu.close')}>
                    <XIcon aria-hidden="true" />
                  </Button>
                </Dialog.Close>
              </div>
              <Dialog.Description className="sr-only">{staff.name}</Dialog.Description>
              <AdminMenu staff={staff} onNavigate={() => setOpen(false)} />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
        {/* On a phone the title has no room beside the mark: the mark gives way and the title wraps onto two lines. */}
        <NavLink to={adminPath} className="flex min-w-0 items-center gap-2 font-semibold">
          <BrandMark className="hidden size-7 sm:block" />
          <span className="text-sm leading-tight break-words break-keep sm:text-base">{t('title', { brand })}</span>
        </NavLink>
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <LanguageSwitcher />
          <span className="hidden max-w-48 truncate text-sm text-muted-foreground md:inline" data-testid="staff-name">
            {staff.name}
          </span>
          <Button variant="outline" size="sm" onClick={onSignOut} disabled={signOut.isPending}>
            <LogOutIcon aria-hidden="true" />
            <span className="hidden sm:inline">{t('signOut')}</span>
            <span className="sr-only sm:hidden">{t('signOut')}</span>
          </Button>
        </div>
      </div>
    </header>
  );
}

/** The screens this staff member may open, in the order of `adminScreens`. */
function AdminMenu({ staff, onNavigate }: { staff: SignedInStaff; onNavigate?: () => void }) {
  const { t } = useTranslation('admin');
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn('flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted', isActive ? 'bg-muted text-primary' : 'text-foreground');
  return (
    <nav aria-label={t('menu.label')}>
      <ul className="space-y-1">
        <li>
          <NavLink to={adminPath} end onClick={onNavigate} className={linkClass}>
            <LayoutDashboardIcon className="size-4" aria-hidden="true" />
            {t('overview.title')}
          </NavLink>
        </li>
        {adminScreens
          .filter((screen) => mayOpen(staff, screen.permission))
          .map(({ id, icon: Icon }) => (
            <li key={id}>
              <NavLink to={adminScreenPath(id)} onClick={onNavigate} className={linkClass}>
                <Icon className="size-4" aria-hidden="true" />
                {t(`screens.${id}`)}
              </NavLink>
            </li>
          ))}
      </ul>
    </nav>
  );
}
