import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { brand } from '@/client/lib/brand';
import { cn } from '@/client/lib/utils';
import { paths } from '@/client/routes';
import { AccountMenu } from './account-menu';
import { BrandMark } from './brand-mark';
import { LanguageSwitcher } from './language-switcher';

const navItems = [
  { to: paths.home, label: 'nav.home', end: true },
  { to: paths.pricing, label: 'nav.pricing', end: false },
  { to: paths.support, label: 'nav.support', end: false },
  { to: paths.news, label: 'nav.news', end: false },
] as const;

export function SiteHeader() {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-1 px-4 py-2.5 sm:px-6">
        <Link to={paths.home} className="flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight text-foreground">
          <BrandMark />
          <span>{brand}</span>
        </Link>
        <nav aria-label={t('nav.label')} className="order-last -mx-2 w-full overflow-x-auto md:order-none md:mx-0 md:w-auto">
          <ul className="flex items-center gap-1">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap transition-colors hover:bg-muted hover:text-foreground',
                      isActive ? 'text-primary' : 'text-muted-foreground',
                    )
                  }
                >
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitcher />
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
