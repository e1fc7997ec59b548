import { defaultLanguage, isLanguage, languages, type Language } from '../../../shared/languages';
import type { Deps } from '../../deps';
import { defaultMainClassName, escapeHtml, matchPublicRoute, renderNotFound, type PublicPage } from './public-routes';

const classAttribute = (className: string) => (className ? ` class="${className}"` : '');
import { textsIn } from './texts';

/** Open Graph locales of the four languages. */
const ogLocale: Record<Language, string> = { 'zh-TW': 'zh_TW', en: 'en_US', 'zh-CN': 'zh_CN', ja: 'ja_JP' };

/** The language of a public page: `?lang=` (the address mails and hreflang links use), else the default. */
export function pageLanguage(query: URLSearchParams): Language {
  const lang = query.get('lang');
  return isLanguage(lang) ? lang : defaultLanguage;
}

/** `/about?lang=en` on the portal's public address. */
export function addressIn(origin: string, pathname: string, language?: Language): string {
  return `${origin}${pathname}${language ? `?lang=${encodeURIComponent(language)}` : ''}`;
}

export interface RenderedPage {
  status: number;
  html: string;
  indexable: boolean;
}

/**
 * The app shell with this page's head (title, description, canonical, hreflang alternates, Open
 * Graph and Twitter tags) and its main content inside #root, which the app replaces when it starts.
 * A crawler or a link preview that runs no JavaScript reads the page from this alone.
 */
export async function renderPublicPage(deps: Deps, shell: string, request: { pathname: string; query: URLSearchParams; origin: string; brand: string }): Promise<RenderedPage> {
  const language = pageLanguage(request.query);
  const t = textsIn(language);
  const match = matchPublicRoute(request.pathname);
  const page: PublicPage = match ? await match.route.render(t, { deps, language, params: match.params, query: request.query }) : renderNotFound(t);
  const title = page.name ? `${page.name} | ${request.brand}` : request.brand;
  const pathname = request.pathname.length > 1 ? request.pathname.replace(/\/+$/, '') : request.pathname;
  const canonical = addressIn(request.origin, pathname, language);
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    page.indexable ? '' : '<meta name="robots" content="noindex" />',
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...languages.map((other) => `<link rel="alternate" hreflang="${other}" href="${escapeHtml(addressIn(request.origin, pathname, other))}" />`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(addressIn(request.origin, pathname))}" />`,
    `<meta property="og:type" content="${page.type}" />`,
    `<meta property="og:site_name" content="${escapeHtml(request.brand)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta property="og:locale" content="${ogLocale[language]}" />`,
    ...languages.filter((other) => other !== language).map((other) => `<meta property="og:locale:alternate" content="${ogLocale[other]}" />`),
    page.publishedAt ? `<meta property="article:published_time" content="${page.publishedAt.toISOString()}" />` : '',
    '<meta name="twitter:card" content="summary" />',
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(page.description)}" />`,
  ]
    .filter(Boolean)
    .join('\n    ');
  const html = shell
    .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
    .replace(/<title>[^<]*<\/title>/, head)
    .replace('<div id="root"></div>', `<div id="root"><main id="main-content"${classAttribute(page.mainClassName ?? defaultMainClassName)}>${page.main}</main></div>`);
  return { status: page.status, html, indexable: page.indexable };
}
