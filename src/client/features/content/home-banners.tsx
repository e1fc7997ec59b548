import { ArrowRightIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublicQuery } from '@/client/lib/public-query';
import { publicBannersPath, type PublicBanners } from '@/shared/public-content';

/** The home page's banners of today (content staff publish them on /admin/banners); nothing while there is none. */
export function HomeBanners() {
  const { t, i18n } = useTranslation('home');
  // Plain JSON rather than tRPC: the landing page loads no tRPC client or query cache.
  const banners = usePublicQuery<PublicBanners>(`${publicBannersPath}?lang=${encodeURIComponent(i18n.resolvedLanguage ?? '')}`);
  const items = banners?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-label={t('bannersLabel')} className="mx-auto max-w-6xl px-4 pt-8 sm:px-6">
      <ul className="grid gap-4 sm:grid-cols-2">
        {items.map((banner) => (
          <li key={banner.id} lang={banner.language}>
            <BannerLink link={banner.link}>
              <img src={banner.image} alt={banner.alt} width={1200} height={500} className="aspect-[12/5] w-full bg-muted object-cover" />
              <span className="flex items-center justify-between gap-3 p-4 font-semibold">
                {banner.title}
                {banner.link ? <ArrowRightIcon className="size-4 shrink-0 text-primary" aria-hidden="true" /> : null}
              </span>
            </BannerLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function BannerLink({ link, children }: { link: string; children: ReactNode }) {
  const className = 'block overflow-hidden rounded-lg border border-border bg-card shadow-xs transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';
  if (!link) return <div className={className}>{children}</div>;
  if (link.startsWith('/'))
    return (
      <Link to={link} className={className}>
        {children}
      </Link>
    );
  return (
    <a href={link} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}
