import { MapPinIcon, PhoneIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brand, shopUrl } from '@/client/lib/brand';
import { paths, type PagePath } from '@/client/paths';
import { BrandMark } from './brand-mark';

/** Spec section 2 'Footer', then the shopping centre. */
const exploreLinks: PagePath[] = ['signup', 'support', 'supportVideos', 'news', 'about', 'term', 'planSolution', 'planEditor', 'planTool'];

export function SiteFooter() {
  const { t } = useTranslation();
  const phone = t('footer.phone');
  return (
    <footer aria-label={t('footer.label')} className="mt-16 bg-ink text-ink-foreground">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1fr_1.6fr_1.3fr]">
        <div className="space-y-3">
          <Link to={paths.home} className="inline-flex items-center gap-2 rounded-md text-lg font-semibold text-white">
            <BrandMark className="size-8 rounded-[14px] ring-1 ring-white/15" />
            <span>{brand}</span>
          </Link>
          <p className="max-w-xs text-sm text-ink-foreground/75">{t('footer.tagline')}</p>
        </div>
        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="mb-3 text-sm font-semibold text-white">
            {t('footer.explore')}
          </h2>
          <ul className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
            {exploreLinks.map((page) => (
              <li key={page}>
                <Link to={paths[page]} className="rounded-sm text-ink-foreground/80 hover:text-white hover:underline">
                  {t(`pages.${page}`)}
                </Link>
              </li>
            ))}
            <li>
              <a href={shopUrl} className="rounded-sm text-ink-foreground/80 hover:text-white hover:underline">
                {t('nav.shop')}
              </a>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 text-sm font-semibold text-white">{t('footer.contact')}</h2>
          <address className="space-y-2 text-sm not-italic text-ink-foreground/80">
            <p className="flex gap-2">
              <PhoneIcon className="mt-1 size-4 shrink-0 text-teal-300" aria-hidden="true" />
              <span>
                <span className="sr-only">{t('footer.phoneLabel')}: </span>
                <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="rounded-sm hover:text-white hover:underline">
                  {phone}
                </a>
              </span>
            </p>
            <p className="flex gap-2">
              <MapPinIcon className="mt-1 size-4 shrink-0 text-teal-300" aria-hidden="true" />
              <span>
                <span className="sr-only">{t('footer.addressLabel')}: </span>
                {t('footer.address')}
              </span>
            </p>
            <p>
              <Link to={`${paths.support}#contact`} className="rounded-sm font-medium text-teal-300 hover:text-teal-200 hover:underline">
                {t('footer.contactForm')}
              </Link>
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-ink-foreground/60 sm:px-6">
          {t('footer.copyright', { year: new Date().getFullYear(), brand })}
        </p>
      </div>
    </footer>
  );
}
