import { clsx } from 'clsx';
import { ChevronDownIcon, MenuIcon, XIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { brand, shopUrl } from '@/client/lib/brand';
import { paths, type PagePath } from '@/client/paths';
import { loadOrReloadOnce } from '@/client/lib/reload-once';
import { useSessionPresence } from '@/client/lib/session-probe';
import { MemberCornerPlaceholder, VisitorLinks } from './account-links';
import { BrandMark } from './brand-mark';
import { LanguageSwitcher } from './language-switcher';
import { useHiddenOnScrollDown, useHoverDropdowns } from './use-header-behaviour';

// The account code (tRPC, the query cache, the member's menu) loads only once the page follows a session.
const loadAccountMenu = () => loadOrReloadOnce(() => import('./account-menu'));
const AccountCorner = lazy(() => loadAccountMenu().then((module) => ({ default: module.AccountCorner })));
const PhoneAccountMenu = lazy(() => loadAccountMenu().then((module) => ({ default: module.PhoneAccountMenu })));

type NavKey = 'home' | 'useCase' | 'about' | 'pricing' | 'productIntro' | 'support' | 'classes' | 'news';
type MenuId = 'productApplication' | 'subsidyPlans';

type NavItem =
  | { kind: 'link'; label: NavKey; page: PagePath; end?: boolean; activeUnder?: string }
  | { kind: 'menu'; id: MenuId; pages: PagePath[] }
  | { kind: 'shop' };

/** The top bar of spec section 2, in its order. Support opens the tutorial videos. */
const navItems: NavItem[] = [
  { kind: 'link', label: 'home', page: 'home', end: true },
  { kind: 'link', label: 'useCase', page: 'useCase' },
  { kind: 'link', label: 'about', page: 'about' },
  { kind: 'link', label: 'pricing', page: 'pricing' },
  { kind: 'link', label: 'productIntro', page: 'productIntro' },
  { kind: 'menu', id: 'productApplication', pages: ['planSolution', 'planEditor', 'planTool'] },
  { kind: 'menu', id: 'subsidyPlans', pages: ['subsidyCloudMarket', 'subsidyMachineBox', 'subsidyLowCarbon'] },
  { kind: 'link', label: 'support', page: 'supportVideos', activeUnder: paths.support },
  { kind: 'link', label: 'classes', page: 'classesList' },
  { kind: 'link', label: 'news', page: 'news' },
  { kind: 'shop' },
];

const itemClass = 'flex w-full items-center gap-1 rounded-md px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors hover:bg-muted hover:text-foreground lg:w-auto lg:py-1.5';

function NavDropdown({
  id,
  pages,
  open,
  hoverMode,
  onOpenChange,
}: {
  id: MenuId;
  pages: PagePath[];
  open: boolean;
  hoverMode: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const { pathname } = useLocation();
  const current = pages.some((page) => pathname === paths[page]);
  return (
    <li
      className="relative"
      onMouseEnter={hoverMode ? () => onOpenChange(true) : undefined}
      onMouseLeave={hoverMode ? () => onOpenChange(false) : undefined}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        className={clsx(itemClass, 'justify-between', current ? 'text-primary' : 'text-muted-foreground')}
        onClick={() => onOpenChange(!open)}
      >
        {t(`nav.${id}`)}
        <ChevronDownIcon className={clsx('size-4 transition-transform duration-300', open && 'rotate-180')} aria-hidden="true" />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="mt-1 ml-3 space-y-0.5 border-l border-border pl-2 lg:absolute lg:top-full lg:left-0 lg:z-50 lg:mt-0 lg:ml-0 lg:min-w-60 lg:rounded-lg lg:border lg:bg-card lg:p-1.5 lg:shadow-lg"
      >
        {pages.map((page) => (
          <li key={page}>
            <NavLink
              to={paths[page]}
              className={({ isActive }) =>
                clsx('block rounded-md px-3 py-2 text-sm transition-colors hover:bg-muted hover:text-foreground', isActive ? 'font-medium text-primary' : 'text-foreground/80')
              }
            >
              {t(`pages.${page}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

function NavItems({ hoverMode, openMenu, setOpenMenu }: { hoverMode: boolean; openMenu: MenuId | null; setOpenMenu: (menu: MenuId | null) => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items: ReactNode[] = navItems.map((item) => {
    if (item.kind === 'menu') {
      return (
        <NavDropdown
          key={item.id}
          id={item.id}
          pages={item.pages}
          hoverMode={hoverMode}
          open={openMenu === item.id}
          onOpenChange={(open) => setOpenMenu(open ? item.id : openMenu === item.id ? null : openMenu)}
        />
      );
    }
    if (item.kind === 'shop') {
      return (
        <li key="shop">
          <a href={shopUrl} className={clsx(itemClass, 'text-muted-foreground')}>
            {t('nav.shop')}
          </a>
        </li>
      );
    }
    const activeByPrefix = item.activeUnder !== undefined && pathname.startsWith(item.activeUnder);
    return (
      <li key={item.label}>
        <NavLink
          to={paths[item.page]}
          end={item.end}
          className={({ isActive }) => clsx(itemClass, isActive || activeByPrefix ? 'text-primary' : 'text-muted-foreground')}
        >
          {t(`nav.${item.label}`)}
        </NavLink>
      </li>
    );
  });
  return <>{items}</>;
}

/**
 * The sticky top bar: it slides away while the visitor scrolls down and returns on scroll up (never
 * while a menu is open or focus is inside it). At 1024 px and wider the links form a row; narrower,
 * they sit behind a menu button.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const hoverMode = useHoverDropdowns();
  const [openMenu, setOpenMenu] = useState<MenuId | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const scrolledAway = useHiddenOnScrollDown();
  const hidden = scrolledAway && openMenu === null && !panelOpen && !focusInside;
  const headerRef = useRef<HTMLElement>(null);
  const { following, member } = useSessionPresence();
  const panelId = useId();
  const { pathname } = useLocation();

  useEffect(() => {
    setOpenMenu(null);
    setPanelOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (openMenu === null && !panelOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenMenu(null);
      if (openMenu === null) setPanelOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) {
        setOpenMenu(null);
        setPanelOpen(false);
      }
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [openMenu, panelOpen]);

  return (
    <header
      ref={headerRef}
      data-state={hidden ? 'hidden' : 'shown'}
      data-dropdowns={hoverMode ? 'hover' : 'click'}
      onFocus={() => setFocusInside(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusInside(false);
      }}
      className={clsx(
        'sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur transition-transform duration-300 supports-[backdrop-filter]:bg-background/85',
        hidden && '-translate-y-full',
      )}
    >
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-3 py-2.5 sm:gap-3 sm:px-6">
        <Link to={paths.home} className="flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight text-foreground">
          <BrandMark />
          {/* A signed-in member's bar holds two menus more: under 400 px the mark alone names the site. */}
          <span className={member ? 'max-[399px]:sr-only' : undefined}>{brand}</span>
        </Link>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <LanguageSwitcher />
          {following ? (
            <Suspense fallback={member ? <MemberCornerPlaceholder /> : <VisitorLinks />}>
              <AccountCorner />
            </Suspense>
          ) : (
            <VisitorLinks />
          )}
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-md border border-border text-foreground hover:bg-muted lg:hidden"
            aria-expanded={panelOpen}
            aria-controls={panelId}
            onClick={() => setPanelOpen((open) => !open)}
          >
            {panelOpen ? <XIcon className="size-5" aria-hidden="true" /> : <MenuIcon className="size-5" aria-hidden="true" />}
            <span className="sr-only">{t(panelOpen ? 'nav.closeMenu' : 'nav.openMenu')}</span>
          </button>
        </div>
      </div>
      <nav
        id={panelId}
        aria-label={t('nav.label')}
        className={clsx(
          'mx-auto max-w-6xl px-4 sm:px-6 lg:block',
          panelOpen ? 'block max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-border pb-4 lg:max-h-none lg:overflow-visible lg:border-0 lg:pb-0' : 'hidden',
        )}
      >
        <ul className="flex flex-col gap-0.5 pt-2 lg:flex-row lg:flex-wrap lg:items-center lg:pt-0 lg:pb-2">
          <NavItems hoverMode={hoverMode} openMenu={openMenu} setOpenMenu={setOpenMenu} />
        </ul>
        {/* Under 640 px the account corner of the bar has no room: the menu carries it. */}
        <div className="mt-3 flex gap-2 border-t border-border pt-3 empty:hidden sm:hidden">
          {following ? (
            <Suspense fallback={member ? null : <VisitorLinks inPhoneMenu />}>
              <PhoneAccountMenu />
            </Suspense>
          ) : (
            <VisitorLinks inPhoneMenu />
          )}
        </div>
      </nav>
    </header>
  );
}
