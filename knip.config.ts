import type { KnipConfig } from 'knip';

/**
 * Unused files, exports and dependencies: `npm run lint` (part of `npm test`). The entry points
 * (server, worker, CLI, web app, tests, config files) come from package.json and knip's plugins
 * for Vite, Vitest, Playwright and drizzle-kit; scripts, benchmarks, the launchers npm start and
 * npm run worker `exec` (knip reads `node <file>` in a script, not `exec node <file>`), and the
 * worker and CLI entries and the embedded database's thread that bin/built.js bundles are listed
 * here (the server's is the dev script's).
 */
const config: KnipConfig = {
  entry: ['scripts/*.ts', 'bench/*.ts', 'bin/start.js', 'bin/worker.js', 'src/jobs/worker.ts', 'src/cli/index.ts', 'src/server/db/embedded-thread.ts'],
  project: ['src/**/*.{ts,tsx,css}', 'tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'bin/*.js'],
  // An export used in its own file is not dead code; an export no other file uses and its own
  // file does not use either is reported.
  ignoreExportsUsedInFile: true,
  // Debian's apt-get, run by scripts/test.ts to install Chromium: a system binary, not a package.
  ignoreBinaries: ['apt-get'],
  compilers: {
    // Tailwind 4 is imported from CSS (`@import "tailwindcss"`): read a stylesheet's imports.
    css: (text: string) => [...text.matchAll(/(?<=@)import[^;]+/g)].join('\n'),
  },
};

export default config;
