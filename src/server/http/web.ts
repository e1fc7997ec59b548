import express, { type Express, type Request } from 'express';
import fs from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import type { Deps } from '../deps';
import { projectRoot } from '../project-root';
import { hashedAssets } from './assets';
import { renderPublicPage } from './public-pages/document';
import { privatePrefixes, robotsTxt, sitemapXml } from './public-pages/sitemap';

const root = projectRoot();
export const clientSourceDir = path.join(root, 'src/client');
export const clientBuildDir = path.join(root, 'dist/client');

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** What the server writes into the app shell's meta tags: the brand and the shopping centre's address. */
export interface SiteMeta {
  brand: string;
  shopUrl: string;
}

export function withSiteMeta(html: string, site: SiteMeta): string {
  return html.replaceAll('%PORTAL_BRAND%', escapeHtml(site.brand)).replaceAll('%PORTAL_SHOP_URL%', escapeHtml(site.shopUrl));
}

/** Serves the built web app: hashed assets cached for a year, public pages written by the server, the rest the app shell. */
export function serveBuiltApp(app: Express, site: SiteMeta, deps: Deps, buildDir = clientBuildDir): void {
  const indexPath = path.join(buildDir, 'index.html');
  if (!fs.existsSync(indexPath)) throw new Error(`The web app is not built (${indexPath} is missing): run npm run build`);
  const shell = withSiteMeta(fs.readFileSync(indexPath, 'utf8'), site);
  app.use('/assets', hashedAssets(path.join(buildDir, 'assets')));
  // The template itself, placeholders and all, is never served as a file.
  app.get('/index.html', (_req, res) => {
    res.setHeader('cache-control', 'no-cache');
    res.type('html').send(shell);
  });
  // No redirect: /news is a page, though public/news holds its pictures.
  app.use(express.static(buildDir, { index: false, redirect: false, maxAge: '1h' }));
  servePages(app, site, deps, () => shell);
}

/**
 * robots.txt, sitemap.xml, and every page: a public page with its own head and main content (see
 * public-pages/document.ts); the management centre and the back office as the bare app shell,
 * never indexed.
 */
function servePages(app: Express, site: SiteMeta, deps: Deps, shellFor: (req: Request) => Promise<string> | string): void {
  const originOf = (req: Request) => deps.config.PUBLIC_URL?.replace(/\/$/, '') ?? `${req.protocol}://${req.get('host')}`;
  app.get('/robots.txt', (req, res) => {
    res.setHeader('cache-control', 'public, max-age=3600');
    res.type('text/plain').send(robotsTxt(originOf(req)));
  });
  app.get('/sitemap.xml', async (req, res, next) => {
    try {
      res.setHeader('cache-control', 'public, max-age=3600');
      res.type('application/xml').send(await sitemapXml(deps, originOf(req)));
    } catch (error) {
      next(error);
    }
  });
  app.get('/{*splat}', async (req, res, next) => {
    try {
      const shell = await shellFor(req);
      res.setHeader('cache-control', 'no-cache');
      if (privatePrefixes.some((prefix) => req.path === prefix || req.path.startsWith(`${prefix}/`))) {
        res.setHeader('x-robots-tag', 'noindex, nofollow');
        res.type('html').send(shell.replace('</head>', '  <meta name="robots" content="noindex, nofollow" />\n  </head>'));
        return;
      }
      const query = new URL(req.originalUrl, 'http://portal').searchParams;
      const page = await renderPublicPage(deps, shell, { pathname: req.path, query, origin: originOf(req), brand: site.brand });
      if (!page.indexable) res.setHeader('x-robots-tag', 'noindex');
      res.status(page.status).type('html').send(page.html);
    } catch (error) {
      next(error);
    }
  });
}

/** Development: Vite in middleware mode, its hot-reload socket on the portal's own HTTP server. */
export async function serveWithVite(app: Express, server: Server, site: SiteMeta, deps: Deps): Promise<() => Promise<void>> {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true, hmr: { server } }, appType: 'custom' });
  app.use(vite.middlewares);
  servePages(app, site, deps, async (req) => {
    const template = fs.readFileSync(path.join(clientSourceDir, 'index.html'), 'utf8');
    return withSiteMeta(await vite.transformIndexHtml(req.originalUrl, template), site);
  });
  return () => vite.close();
}

/** True when the build is missing or older than any source it is built from. */
export function buildIsStale(): boolean {
  const indexPath = path.join(clientBuildDir, 'index.html');
  if (!fs.existsSync(indexPath)) return true;
  const builtAt = fs.statSync(indexPath).mtimeMs;
  const sources = [path.join(root, 'src/client'), path.join(root, 'src/shared'), path.join(root, 'vite.config.ts'), path.join(root, 'src/server/http/assets.ts'), path.join(root, 'package-lock.json')];
  const newest = (target: string): number => {
    if (!fs.existsSync(target)) return 0;
    const stat = fs.statSync(target);
    if (!stat.isDirectory()) return stat.mtimeMs;
    return Math.max(0, ...fs.readdirSync(target).map((name) => newest(path.join(target, name))));
  };
  return sources.some((source) => newest(source) > builtAt);
}

export async function buildClient(): Promise<void> {
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}
