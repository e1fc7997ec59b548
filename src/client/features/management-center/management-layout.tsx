import { ArrowLeftRightIcon, BadgeCheckIcon, CoinsIcon, CpuIcon, DownloadIcon, GraduationCapIcon, InfoIcon, MenuIcon, PlusIcon, ReceiptTextIcon, ServerIcon, ShieldCheckIcon, ShoppingCartIcon, UserRoundIcon, UsersRoundIcon, XIcon } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink, Outlet, ScrollRestoration, useLocation, useSearchParams } from 'react-router';
import { SkipLink } from '@/client/components/layout/page-shell';
import { PageLoading } from '@/client/components/page-loading';
import { SiteHeader } from '@/client/components/layout/site-header';
import { useDocumentTitle } from '@/client/components/layout/use-document-title';
import { Button } from '@/client/components/ui/button';
import { ToastProvider } from '@/client/components/ui/toast';
import { useSession, type SessionMember } from '@/client/features/auth/session';
import { brand } from '@/client/lib/brand';
import { cn } from '@/client/lib/utils';
import { paths, teamPath, teamQueryKey } from '@/client/paths';
import { trpc } from '@/client/trpc';
import { useQuery } from '@tanstack/react-query';
import { PendingSteps } from '@/client/features/auth/security-page';
import { teamAuth } from '@/shared/teams';
import { PlatformButtons } from '@/client/features/platform/use-platform';
import { LowBalanceBanner } from '@/client/features/points/low-balance-banner';

const contentId = 'management-content';

/** Pages of the management centre that exist now (spec section 2); later issues add theirs here. */
const personalSpace = [
  { to: paths.memberProfile, label: 'managementCenter.nav.member', icon: UserRoundIcon },
  { to: paths.memberSecurity, label: 'managementCenter.nav.security', icon: ShieldCheckIcon },
  { to: paths.hostInfo, label: 'pages.hostInfo', icon: ServerIcon },
  { to: paths.deviceBinding, label: 'pages.deviceBinding', icon: CpuIcon },
  { to: paths.pointRecord, label: 'pages.pointRecord', icon: CoinsIcon },
  { to: paths.pointTransferRecord, label: 'pages.pointTransferRecord', icon: ArrowLeftRightIcon },
  { to: paths.memberCourses, label: 'managementCenter.nav.courses', icon: GraduationCapIcon },
  { to: paths.memberOrders, label: 'managementCenter.nav.orders', icon: ReceiptTextIcon },
  { to: paths.buyPoints, label: 'managementCenter.nav.buyPoints', icon: ShoppingCartIcon },
  { to: paths.planExchangeRecord, label: 'pages.planExchangeRecord', icon: BadgeCheckIcon },
  { to: paths.download, label: 'pages.download', icon: DownloadIcon },
] as const;

/** /management-center: its own frame (side menu, a drawer under 570 px, a simplified footer); members only. */
export function ManagementLayout() {
  const { t } = useTranslation();
  useDocumentTitle();
  return (
    <ToastProvider label={t('notifications')} closeLabel={t('actions.close')}>
      <div className="flex min-h-dvh flex-col">
        <SkipLink to={contentId} />
        <SiteHeader />
        <ManagementFrame />
        <ManagementFooter />
      </div>
      <ScrollRestoration />
    </ToastProvider>
  );
}

function ManagementFrame() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <PageLoading />;
  const member = session.data?.member;
  if (!member) return <Navigate to={paths.unauthorized} replace state={{ from: location.pathname }} />;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col min-[570px]:flex-row min-[570px]:gap-8 min-[570px]:px-6">
      <SideMenu member={member} />
      <main id={contentId} tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none min-[570px]:px-0 min-[570px]:py-8">
        {member.pendingSteps.length > 0 ? (
          <Suspense fallback={<PageLoading />}>
            <PendingSteps member={member} />
          </Suspense>
        ) : (
          <>
            <LowBalanceBanner />
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </>
        )}
      </main>
    </div>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn('flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted', isActive ? 'bg-muted text-primary' : 'text-foreground');

function MenuHeading({ children }: { children: React.ReactNode }) {
  return <p className="px-3 pt-4 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase first:pt-0">{children}</p>;
}

/**
 * The side menu (spec section 2): the personal space, the member's teams (a chosen team, from
 * `?team=` on a team page, opens its team space) and the create-team entry while the member may
 * create one. Pages of later issues join the lists as they land.
 */
/** The team whose space is open: `?team=` on a team page. */
function useChosenTeam(): string | null {
  const location = useLocation();
  const [search] = useSearchParams();
  const onTeamPage = ([paths.groupInfo, paths.teamMembers, paths.teamPointsRecord, paths.pointTransfer, paths.download] as string[]).includes(location.pathname);
  return onTeamPage ? search.get(teamQueryKey) : null;
}

function MenuLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const mine = useQuery({ ...trpc.teams.mine.queryOptions(), staleTime: 0 });
  const chosen = useChosenTeam();
  return (
    <nav aria-label={t('managementCenter.nav.label')}>
      <MenuHeading>{t('managementCenter.nav.personal')}</MenuHeading>
      <ul className="space-y-1">
        {personalSpace.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink to={to} onClick={onNavigate} className={({ isActive }) => linkClass({ isActive: isActive && chosen === null })}>
              <Icon className="size-4" aria-hidden="true" />
              {t(label)}
            </NavLink>
          </li>
        ))}
      </ul>
      {mine.data && (mine.data.teams.length > 0 || mine.data.mayCreate) ? (
        <>
          <MenuHeading>{t('managementCenter.nav.teams')}</MenuHeading>
          <ul className="space-y-1">
            {mine.data.teams.map((team) => (
              <li key={team.id}>
                <NavLink to={teamPath('groupInfo', team.id)} onClick={onNavigate} className={() => linkClass({ isActive: chosen === team.id && location.pathname === paths.groupInfo })} aria-current={chosen === team.id ? 'true' : undefined}>
                  <UsersRoundIcon className="size-4 shrink-0" aria-hidden="true" />
                  <span className="min-w-0 truncate">{team.name}</span>
                </NavLink>
                {chosen === team.id ? (
                  <ul className="mt-1 ml-6 space-y-1 border-l border-border pl-2">
                    <li>
                      <NavLink to={teamPath('groupInfo', team.id)} onClick={onNavigate} className={() => linkClass({ isActive: location.pathname === paths.groupInfo })}>
                        <InfoIcon className="size-4" aria-hidden="true" />
                        {t('pages.groupInfo')}
                      </NavLink>
                    </li>
                    <li>
                      <NavLink to={teamPath('teamMembers', team.id)} onClick={onNavigate} className={() => linkClass({ isActive: location.pathname === paths.teamMembers })}>
                        <UsersRoundIcon className="size-4" aria-hidden="true" />
                        {t('pages.teamMembers')}
                      </NavLink>
                    </li>
                    <li>
                      <NavLink to={teamPath('download', team.id)} onClick={onNavigate} className={() => linkClass({ isActive: location.pathname === paths.download })}>
                        <DownloadIcon className="size-4" aria-hidden="true" />
                        {t('pages.download')}
                      </NavLink>
                    </li>
                    <li>
                      <NavLink to={teamPath('teamPointsRecord', team.id)} onClick={onNavigate} className={() => linkClass({ isActive: location.pathname === paths.teamPointsRecord })}>
                        <ReceiptTextIcon className="size-4" aria-hidden="true" />
                        {t('pages.teamPointsRecord')}
                      </NavLink>
                    </li>
                    {team.auth === teamAuth.admin ? (
                      <li>
                        <NavLink to={teamPath('pointTransfer', team.id)} onClick={onNavigate} className={() => linkClass({ isActive: location.pathname === paths.pointTransfer })}>
                          <ArrowLeftRightIcon className="size-4" aria-hidden="true" />
                          {t('pages.pointTransfer')}
                        </NavLink>
                      </li>
                    ) : null}
                  </ul>
                ) : null}
              </li>
            ))}
            {mine.data.mayCreate ? (
              <li>
                <NavLink to={paths.createGroup} onClick={onNavigate} className={linkClass}>
                  <PlusIcon className="size-4" aria-hidden="true" />
                  {t('managementCenter.nav.createTeam')}
                </NavLink>
              </li>
            ) : null}
          </ul>
        </>
      ) : null}
    </nav>
  );
}

function SideMenu({ member }: { member: SessionMember }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const chosen = useChosenTeam() ?? undefined;
  const heading = (
    <div className="space-y-3 px-3 pb-4">
      <div>
        <p className="text-xs text-muted-foreground">{t('managementCenter.nav.title')}</p>
        <p className="truncate font-semibold">{member.companyName}</p>
      </div>
      <PlatformButtons teamId={chosen} />
    </div>
  );
  return (
    <>
      <aside className="hidden w-56 shrink-0 border-r border-border py-8 pr-4 min-[570px]:block">
        {heading}
        <MenuLinks />
      </aside>
      <div className="flex items-center justify-between border-b border-border px-4 py-2 min-[570px]:hidden">
        <span className="min-w-0 truncate text-sm font-semibold">{member.companyName}</span>
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger asChild>
            <Button variant="outline" size="sm" aria-label={t('managementCenter.nav.open')}>
              <MenuIcon aria-hidden="true" />
              {t('managementCenter.nav.menu')}
            </Button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
            <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto border-r border-border bg-card p-4 shadow-xl">
              <div className="mb-4 flex items-center justify-between">
                <Dialog.Title className="font-semibold">{t('managementCenter.nav.title')}</Dialog.Title>
                <Dialog.Close asChild>
                  <Button variant="ghost" size="icon" aria-label={t('managementCenter.nav.close')}>
                    <XIcon aria-hidden="true" />
                  </Button>
                </Dialog.Close>
              </div>
              <Dialog.Description className="sr-only">{member.companyName}</Dialog.Description>
              <div className="mb-4">
                <PlatformButtons teamId={chosen} />
              </div>
              <MenuLinks onNavigate={() => setOpen(false)} />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
    </>
  );
}

/** The simplified footer of the management centre (spec section 2). */
function ManagementFooter() {
  const { t } = useTranslation();
  return (
    <footer aria-label={t('footer.label')} className="border-t border-border bg-muted/50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-4 text-sm text-muted-foreground sm:px-6">
        <p>{t('footer.copyright', { year: new Date().getFullYear(), brand })}</p>
        <ul className="flex flex-wrap gap-4">
          <li>
            <Link to={paths.term} className="hover:text-foreground hover:underline">
              {t('pages.term')}
            </Link>
          </li>
          <li>
            <Link to={paths.support} className="hover:text-foreground hover:underline">
              {t('managementCenter.footer.help')}
            </Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
