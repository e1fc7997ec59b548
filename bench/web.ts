/**
 * `npm run bench:web`: the landing page's weight (gzip JavaScript and CSS), its largest contentful
 * paint in headless Chromium, and which chunks it loads, against a freshly built web app.
 */
import { chromium, type Browser } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { clientBuildDir } from '../src/server/http/web';
import { goal, machine, median, onCleanup, root, round, runMain, startServer, tempDir, updateReadme, writeResult } from './lib';

const CHROMIUM = '/usr/bin/chromium';
const LOADS = 5;
/** Loads under mobile conditions, each up to a minute at 1.5 Mbit/s. */
const MOBILE_LOADS = 3;
const allLoadsOf = (loads: Record<string, Load[]>) => Object.values(loads).flat();
const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 360, height: 740 } };
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
/** Source paths of the management centre and the back office, which the public pages must not load. */
const PRIVATE_CODE = /src\/client\/(features\/(management|admin|back-?office|staff)|.*management-center)/i;

/** Builds the app as `npm run build` does, and records the source modules of every chunk. */
async function buildApp(): Promise<{ seconds: number; chunkModules: Map<string, Map<string, number>> }> {
  /** Per chunk file: each source module (or npm package) and its size in the chunk before minification (a share, not bytes sent). */
  const chunkModules = new Map<string, Map<string, number>>();
  const recordModules: Plugin = {
    name: 'bench-chunk-modules',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules = new Map<string, number>();
        for (const id of output.moduleIds) {
          const packageName = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1];
          const name = packageName ? `npm:${packageName}` : path.relative(root, id.replace(/\?.*$/, '').replace(/^\0/, ''));
          modules.set(name, (modules.get(name) ?? 0) + (output.modules[id]?.renderedLength ?? 0));
        }
        chunkModules.set(`/${output.fileName}`, modules);
      }
    },
  };
  const started = performance.now();
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', plugins: [recordModules] });
  return { seconds: round((performance.now() - started) / 1000), chunkModules };
}

function gzipKb(assetPath: string): { rawKb: number; gzipKb: number } {
  const content = fs.readFileSync(path.join(clientBuildDir, assetPath));
  return { rawKb: round(content.length / 1024), gzipKb: round(gzipSync(content).length / 1024) };
}

/** The scripts, module preloads and stylesheets of the built index.html: all that blocks first render. */
function renderBlockingAssets(): string[] {
  const html = fs.readFileSync(path.join(clientBuildDir, 'index.html'), 'utf8');
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags
    .filter((tag) => /^<script/.test(tag) || /rel="(modulepreload|stylesheet)"/.test(tag))
    .map((tag) => /(?:src|href)="([^"]+)"/.exec(tag)?.[1])
    .filter((asset): asset is string => Boolean(asset && /\.(js|css)$/.test(asset)));
}

interface Load {
  lcpMs: number;
  lcpElement: string;
  fcpMs: number;
  /** JavaScript and CSS the page requested, in order. */
  assets: string[];
  /** Those whose response ended before the first contentful paint. */
  assetsBeforeFcp: string[];
  /** Bytes of JavaScript and CSS bodies as the portal sent them (compressed when it compresses), in KB. */
  wireKb: number;
  /** Of those, the ones received before the first contentful paint. */
  wireBeforeFcpKb: number;
}

/**
 * Lighthouse's mobile conditions as DevTools applies them: 4x CPU slowdown, 562.5 ms round trip,
 * 1.47 Mbit/s down, 0.68 Mbit/s up.
 */
const MOBILE = { cpuRate: 4, latencyMs: 562.5, downloadBytesPerS: (1474.56 * 1024) / 8, uploadBytesPerS: (675 * 1024) / 8 };

async function loadLandingPage(browser: Browser, url: string, viewport: { width: number; height: number }, throttled = false): Promise<Load> {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    if (throttled) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: MOBILE.latencyMs,
        downloadThroughput: MOBILE.downloadBytesPerS,
        uploadThroughput: MOBILE.uploadBytesPerS,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuRate });
    }
    await page.addInitScript(() => {
      const seen: Array<{ startTime: number; element: string }> = [];
      (window as unknown as { lcpEntries: typeof seen }).lcpEntries = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element | null }>) {
          const element = entry.element;
          const text = element?.textContent?.trim().slice(0, 40) ?? '';
          seen.push({ startTime: entry.startTime, element: element ? `<${element.tagName.toLowerCase()}> ${text}` : '(removed)' });
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle', timeout: 60_000 });
    const measured = await page.evaluate(() => {
      const lcp = (window as unknown as { lcpEntries: Array<{ startTime: number; element: string }> }).lcpEntries.at(-1);
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
        path: new URL(entry.name).pathname,
        responseEnd: entry.responseEnd,
        encodedBodySize: entry.encodedBodySize,
      }));
      return { lcp, fcp, resources };
    });
    if (!measured.lcp) throw new Error('Chromium reported no largest contentful paint for /');
    const assets = measured.resources.filter((r) => /^\/assets\/.*\.(js|css)$/.test(r.path));
    const kb = (list: typeof assets) => round(list.reduce((total, r) => total + r.encodedBodySize, 0) / 1024);
    return {
      wireKb: kb(assets),
      wireBeforeFcpKb: kb(assets.filter((r) => r.responseEnd <= measured.fcp)),
      lcpMs: round(measured.lcp.startTime, 0),
      lcpElement: measured.lcp.element,
      fcpMs: round(measured.fcp, 0),
      assets: [...new Set(assets.map((r) => r.path))],
      assetsBeforeFcp: [...new Set(assets.filter((r) => r.responseEnd <= measured.fcp).map((r) => r.path))],
    };
  } finally {
    await context.close();
  }
}

const sumGzip = (assets: string[]) => round(assets.reduce((total, asset) => total + gzipKb(asset).gzipKb, 0));

runMain(async () => {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: sudo apt-get install -y chromium (no browser is downloaded)`);
  const started = performance.now();
  const { seconds: buildSeconds, chunkModules } = await buildApp();
  console.log(`built the web app in ${buildSeconds} s`);

  const work = tempDir('portal-bench-web-');
  const server = await startServer({ DATA_DIR: path.join(work, 'data'), LOG_LEVEL: 'warn' }, path.join(work, 'server.log'));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  onCleanup(() => browser.close());

  // One load first, unmeasured: the server's first answers warm its code paths, not the browser's.
  await loadLandingPage(browser, server.url, VIEWPORTS.desktop);
  const loads: Record<keyof typeof VIEWPORTS, Load[]> = { desktop: [], phone: [] };
  for (const [name, viewport] of Object.entries(VIEWPORTS) as Array<[keyof typeof VIEWPORTS, { width: number; height: number }]>) {
    for (let i = 0; i < LOADS; i++) loads[name].push(await loadLandingPage(browser, server.url, viewport));
    console.log(`${name}: LCP ${loads[name].map((l) => l.lcpMs).join(', ')} ms`);
  }
  const mobileLoads: Load[] = [];
  for (let i = 0; i < MOBILE_LOADS; i++) mobileLoads.push(await loadLandingPage(browser, server.url, VIEWPORTS.phone, true));
  console.log(`phone under mobile conditions: LCP ${mobileLoads.map((l) => l.lcpMs).join(', ')} ms`);
  const lcpMobile = median(mobileLoads.map((l) => l.lcpMs));
  const wire = { landingKb: median(allLoadsOf(loads).map((l) => l.wireKb)), beforeFcpKb: median(allLoadsOf(loads).map((l) => l.wireBeforeFcpKb)) };

  const blocking = renderBlockingAssets();
  const allLoads = [...loads.desktop, ...loads.phone];
  const landing = [...new Set(allLoads.flatMap((l) => l.assets))];
  const beforeFcp = [...new Set(allLoads.flatMap((l) => l.assetsBeforeFcp))];
  const chunks = landing.map((asset) => {
    const modules = [...(chunkModules.get(asset) ?? new Map<string, number>())]
      .sort((a, b) => b[1] - a[1])
      .map(([name, bytes]) => ({ name, renderedKb: round(bytes / 1024) }));
    const privateModules = modules.map((m) => m.name).filter((name) => PRIVATE_CODE.test(name));
    return { asset, ...gzipKb(asset), renderBlocking: blocking.includes(asset), privateModules, modules };
  });
  const largest = chunks
    .flatMap((chunk) => chunk.modules)
    .sort((a, b) => b.renderedKb - a.renderedKb)
    .slice(0, 8);
  const privateChunks = chunks.filter((chunk) => chunk.privateModules.length > 0);
  const lcp = { desktop: median(loads.desktop.map((l) => l.lcpMs)), phone: median(loads.phone.map((l) => l.lcpMs)) };
  const fcp = { desktop: median(loads.desktop.map((l) => l.fcpMs)), phone: median(loads.phone.map((l) => l.fcpMs)) };
  const weight = { renderBlockingKb: sumGzip(blocking), beforeFcpKb: sumGzip(beforeFcp), landingKb: sumGzip(landing) };
  const lcpWorst = Math.max(lcp.desktop, lcp.phone);

  writeResult({
    name: 'web',
    title: 'Web: the landing page / in headless Chromium',
    date: new Date().toISOString(),
    machine: machine(),
    method: `vite build (${buildSeconds} s); portal as a child process on loopback; ${LOADS} loads per viewport, each in a new browser context (cold cache) after one unmeasured load; Chromium ${browser.version()}; gzip = zlib default level of the files in dist/client; on the wire = what Chromium received from the portal (brotli where it sends brotli).`,
    weightGzipKb: weight,
    lcpMs: lcp,
    fcpMs: fcp,
    lcpElement: loads.desktop.at(-1)?.lcpElement,
    wireKb: wire,
    lcpMobileMs: lcpMobile,
    mobileConditions: MOBILE,
    loads: { ...loads, phoneMobileConditions: mobileLoads },
    chunks,
    summary: [
      { measure: 'JS + CSS on the wire as the portal sends it (Chromium, encoded body bytes), median', value: `${wire.landingKb} KB in all, ${wire.beforeFcpKb} KB before first contentful paint` },
      { measure: 'largest contentful paint, phone under mobile conditions (4x CPU, 562.5 ms RTT, 1.47 Mbit/s)', value: `${lcpMobile} ms (median of ${MOBILE_LOADS})` },
      { measure: 'JS + CSS referenced by index.html (render-blocking), gzip', value: `${weight.renderBlockingKb} KB (${blocking.length} files)` },
      { measure: 'JS + CSS received before first contentful paint, gzip', value: `${weight.beforeFcpKb} KB (${beforeFcp.length} files)` },
      { measure: 'all JS + CSS the landing page loads, gzip', value: `${weight.landingKb} KB (${landing.length} files)` },
      { measure: 'largest contentful paint, median (desktop / phone)', value: `${lcp.desktop} ms / ${lcp.phone} ms (first contentful paint ${fcp.desktop} / ${fcp.phone} ms)` },
      { measure: 'chunks the landing page loads', value: chunks.map((c) => `\`${path.basename(c.asset)}\` ${c.gzipKb} KB`).join(', ') },
      { measure: 'largest parts of that JS (before minification)', value: largest.map((m) => `${m.name.replace(/^src\/client\//, '')} ${m.renderedKb} KB`).join(', ') },
      { measure: 'management-centre or back-office code among them', value: privateChunks.length ? privateChunks.map((c) => `${c.asset}: ${c.privateModules.join(', ')}`).join('; ') : 'none' },
    ],
    goals: [
      // The measure: what arrives before the first paint. What loads after it is reported beside it.
      goal('JS + CSS on the wire before first contentful paint (as served)', wire.beforeFcpKb, 120, 'KB'),
      { name: 'JS + CSS on the wire for the landing page, all it loads (reported)', target: 'reported', actual: `${wire.landingKb} KB`, pass: true },
      goal('largest contentful paint on loopback (worse viewport)', lcpWorst / 1000, 0.5, 's', 2),
      goal('largest contentful paint under mobile conditions', lcpMobile / 1000, 2.5, 's', 2),
      { name: 'landing page loads no management-centre or back-office chunk', target: 'none', actual: privateChunks.length ? `${privateChunks.length} chunk(s)` : 'none', pass: privateChunks.length === 0 },
    ],
  });
  updateReadme();
  console.log(`done in ${round((performance.now() - started) / 1000, 0)} s`);
});
