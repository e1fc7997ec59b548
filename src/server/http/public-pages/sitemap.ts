import { languages } from '../../../shared/languages';
import type { Deps } from '../../deps';
import { listNews } from '../../modules/content/content.service';
import { addressIn } from './document';
import { publicRoutes } from './public-routes';

/** Paths no crawler should index: the management centre, the back office, the API and members' files. */
export const privatePrefixes = ['/management-center', '/admin', '/trpc', '/member-files'];

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...privatePrefixes.map((prefix) => `Disallow: ${prefix}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Most news a sitemap lists (24 a page): far more than the portal publishes. */
const MAX_NEWS_PAGES = 40;

/** Every indexable public page and every public news article, each with its four languages as alternates. */
export async function sitemapXml(deps: Deps, origin: string): Promise<string> {
  const pathsToList: Array<{ path: string; lastModified?: Date }> = publicRoutes
    .filter((route) => route.indexable && !route.path.includes(':'))
    .map((route) => ({ path: route.path }));
  for (let page = 1; page <= MAX_NEWS_PAGES; page++) {
    const news = await listNews(deps, { page, pageSize: 24 }, 'zh-TW');
    for (const item of news.items) pathsToList.push({ path: `/news/${item.id}`, lastModified: item.publishedAt });
    if (page >= news.pageCount) break;
  }
  const urls = pathsToList.map(({ path, lastModified }) => {
    const alternates = languages.map((language) => `<xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(addressIn(origin, path, language))}"/>`);
    const modified = lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : '';
    return `<url><loc>${escapeXml(addressIn(origin, path))}</loc>${modified}${alternates.join('')}<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(addressIn(origin, path))}"/></url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}
