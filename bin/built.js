// The server, the worker and the CLI run as JavaScript bundled ahead into dist/server, so that a
// start does not compile TypeScript. The bundle is rebuilt here when it is missing or older than
// any of its sources (the web app's build is checked the same way by the server itself).
// `node bin/built.js` rebuilds it unconditionally (npm run build).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist/server');
const entries = { start: 'src/server/start.ts', worker: 'src/jobs/worker.ts', cli: 'src/cli/index.ts', 'embedded-thread': 'src/server/db/embedded-thread.ts' };
const sources = ['src/server', 'src/shared', 'src/jobs', 'src/cli', 'package-lock.json', 'tsconfig.json', 'bin/built.js'];

function newest(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((name) => newest(path.join(target, name))));
}

function builtAt() {
  let oldest = Infinity;
  for (const name of Object.keys(entries)) {
    const file = path.join(outDir, `${name}.js`);
    if (!fs.existsSync(file)) return 0;
    oldest = Math.min(oldest, fs.statSync(file).mtimeMs);
  }
  return oldest;
}

async function rebuild() {
  // Outputs are dated when the build began: a source saved during the build makes the next start rebuild.
  const began = new Date();
  // Loaded only to build: a start with a current bundle does not pay for it.
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Code shared by the entries, and what they load later (the server's start loads the rest of
    // the server while its embedded database starts), goes into chunks.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    // The packages go into the bundle too: a few files load in a fraction of the time Node takes to
    // resolve and read some thousand modules. Left outside: packages that read files beside their own
    // code at run time (PGlite's WebAssembly, fonts), native ones, and the build tools.
    external: ['@electric-sql/*', '@node-rs/*', 'pdfkit', 'fontkit', 'vite', 'esbuild', '@expo-google-fonts/*', 'lightningcss', '@tailwindcss/*', '@vitejs/*'],
    // Bundled CommonJS packages require Node's built-in modules.
    banner: { js: "import { createRequire as __portalRequire } from 'node:module'; const require = __portalRequire(import.meta.url);" },
    // Not read at run time (Node's source-map support costs some 0.1 s at every start): NODE_OPTIONS=--enable-source-maps
    // makes stack traces name the TypeScript sources. Mappings alone: the sources are beside them in src.
    sourcemap: true,
    sourcesContent: false,
    write: false,
    logLevel: 'warning',
  });
  fs.mkdirSync(path.join(outDir, 'chunks'), { recursive: true });
  // Each file is written whole and renamed into place, so a process starting meanwhile reads the old file or the new one.
  // Chunks are named by their content: new ones go first, the entries that import them last.
  const outputs = [...result.outputFiles].sort((a, b) => Number(b.path.includes('/chunks/')) - Number(a.path.includes('/chunks/')));
  for (const file of outputs) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.utimesSync(temporary, began, began);
    fs.renameSync(temporary, file.path);
  }
  // Chunks of earlier builds: none of the new entries imports them.
  const current = new Set(outputs.map((file) => file.path));
  for (const name of fs.readdirSync(path.join(outDir, 'chunks'))) {
    const file = path.join(outDir, 'chunks', name);
    if (!current.has(file)) fs.rmSync(file, { force: true });
  }
}

/** Runs one entry (start, worker or cli) from the bundle, rebuilding the bundle first when it is stale. */
export async function runBuilt(name) {
  const built = builtAt();
  if (built === 0 || sources.some((source) => newest(path.join(root, source)) > built)) {
    console.error('building the server, worker and CLI into dist/server (missing or older than their sources)');
    await rebuild();
  }
  await import(pathToFileURL(path.join(outDir, `${name}.js`)).href);
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) await rebuild();
