import express, { type Express } from 'express';
import fs from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashedAssets } from './assets';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
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

/** Serves the built web app: hashed assets cached for a year, every other path the app shell. */
export function serveBuiltApp(app: Express, site: SiteMeta, buildDir = clientBuildDir): void {
  const indexPath = path.join(buildDir, 'index.html');
  if (!fs.existsSync(indexPath)) throw new Error(`The web app is not built (${indexPath} is missing): run npm run build`);
  const shell = withSiteMeta(fs.readFileSync(indexPath, 'utf8'), site);
  const sendShell = (_req: express.Request, res: express.Response) => {
    res.setHeader('cache-control', 'no-cache');
    res.type('html').send(shell);
  };
  app.use('/assets', hashedAssets(path.join(buildDir, 'assets')));
  // The template itself, placeholders and all, is never served as a file.
  app.get('/index.html', sendShell);
  app.use(express.static(buildDir, { index: false, maxAge: '1h' }));
  app.get('/{*splat}', sendShell);
}

/** Development: Vite in middleware mode, its hot-reload socket on the portal's own HTTP server. */
export async function serveWithVite(app: Express, server: Server, site: SiteMeta): Promise<() => Promise<void>> {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true, hmr: { server } }, appType: 'custom' });
  app.use(vite.middlewares);
  app.get('/{*splat}', async (req, res, next) => {
    try {
      const template = fs.readFileSync(path.join(clientSourceDir, 'index.html'), 'utf8');
      res.type('html').send(withSiteMeta(await vite.transformIndexHtml(req.originalUrl, template), site));
    } catch (error) {
      next(error);
    }
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
