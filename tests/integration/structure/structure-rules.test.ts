/**
 * The structure checks of `npm run lint` fail on deliberate violations: each rule of
 * .dependency-cruiser.cjs, knip's unused files, exports and dependencies, and the ESLint rule that
 * keeps process.env in src/server/env.ts. The fixtures are small trees written to a temporary
 * directory and checked with the project's own configuration files.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

function writeTree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-structure-'));
  temporary.push(dir);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

function run(dir: string, binary: string, args: string[]) {
  const result = spawnSync(path.join(root, 'node_modules', '.bin', binary), args, { cwd: dir, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout };
}

describe('dependency-cruiser rules', () => {
  it('reports every forbidden import of a small tree by rule name, and only those', () => {
    const dir = writeTree({
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx', strict: true } }),
      // Allowed: a module's own service reads its repository; the client imports the router type only.
      'src/server/modules/alpha/alpha.repository.ts': 'export const rows = [1];\n',
      'src/server/modules/alpha/alpha.service.ts': "import { rows } from './alpha.repository';\nexport const count = rows.length;\n",
      'src/server/trpc/router.ts': "import { count } from '../modules/alpha/alpha.service';\nexport const appRouter = { count };\nexport type AppRouter = typeof appRouter;\n",
      'src/client/trpc.ts': "import type { AppRouter } from '../server/trpc/router';\nexport type Client = AppRouter;\n",
      'src/client/routes.tsx': 'export const routes = [{ path: "/" }];\n',
      // Violations, one per rule.
      'src/server/modules/beta/beta.service.ts': "import { rows } from '../alpha/alpha.repository';\nexport const beta = rows;\n",
      'src/server/seed.ts': "import { rows } from './modules/alpha/alpha.repository';\nexport const seed = rows;\n",
      'src/client/features/news/news-page.tsx': "import { routes } from '../../routes';\nexport const page = routes;\n",
      'src/shared/labels.ts': "import { count } from '../server/modules/alpha/alpha.service';\nexport const labels = count;\n",
      'src/client/totals.ts': "import { count } from '../server/modules/alpha/alpha.service';\nexport const totals = count;\n",
      'src/client/router-value.ts': "import { appRouter } from '../server/trpc/router';\nexport const value = appRouter;\n",
      // A cycle made of type-only imports still counts (reported once).
      'src/server/first.ts': "import type { Second } from './second';\nexport type First = { next?: Second };\n",
      'src/server/second.ts': "import type { First } from './first';\nexport type Second = { next?: First };\n",
    });
    // The same reporter `npm run lint` prints: one 'error <rule>: <from> → <to>' per violation
    // (a cycle continues with its further steps on the next lines), and a failing exit status.
    const result = run(dir, 'depcruise', ['src', '--config', path.join(root, '.dependency-cruiser.cjs')]);
    expect(result.status).not.toBe(0);
    const found = [...result.stdout.matchAll(/error ([\w-]+): (\S+) →\s+(\S+)/g)].map(([, rule, from, to]) => `${rule}: ${from} -> ${to}`).sort();
    expect(found).toEqual(
      [
        'client-not-server: src/client/totals.ts -> src/server/modules/alpha/alpha.service.ts',
        'client-router-type-only: src/client/router-value.ts -> src/server/trpc/router.ts',
        'features-not-route-table: src/client/features/news/news-page.tsx -> src/client/routes.tsx',
        'no-circular: src/server/first.ts -> src/server/second.ts',
        'repository-private: src/server/modules/beta/beta.service.ts -> src/server/modules/alpha/alpha.repository.ts',
        'repository-private: src/server/seed.ts -> src/server/modules/alpha/alpha.repository.ts',
        'shared-is-leaf: src/shared/labels.ts -> src/server/modules/alpha/alpha.service.ts',
      ].sort(),
    );
  }, 120_000);
});

describe('knip', () => {
  it('reports an unused file, an unused export and an unused dependency', () => {
    const dir = writeTree({
      'package.json': JSON.stringify({ name: 'fixture', private: true, type: 'module', dependencies: { 'left-pad': '1.3.0' } }),
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true } }),
      'scripts/main.ts': "import { used } from '../src/lib';\nconsole.log(used);\n",
      'src/lib.ts': 'export const used = 1;\nexport const forgotten = 2;\n',
      'src/orphan.ts': 'export const orphan = 3;\n',
    });
    const result = run(dir, 'knip', ['--config', path.join(root, 'knip.config.ts'), '--reporter', 'json', '--no-progress']);
    expect(result.status).not.toBe(0);
    const report = JSON.parse(result.stdout) as { issues: { file: string; files?: unknown[]; dependencies: { name: string }[]; exports: { name: string }[] }[] };
    const issue = (file: string) => report.issues.find((entry) => entry.file === file);
    expect(issue('src/orphan.ts')?.files).toHaveLength(1);
    expect(issue('src/lib.ts')?.exports.map((entry) => entry.name)).toEqual(['forgotten']);
    expect(issue('package.json')?.dependencies.map((entry) => entry.name)).toEqual(['left-pad']);
  }, 120_000);
});

describe('ESLint', () => {
  it('refuses process.env outside src/server/env.ts', async () => {
    const eslint = new ESLint({ cwd: root });
    const code = 'export const port = process.env.PORT;\n';
    const [service] = await eslint.lintText(code, { filePath: path.join(root, 'src/server/modules/alpha/alpha.service.ts') });
    expect(service!.messages.map((message) => message.ruleId)).toEqual(['no-restricted-properties']);
    const [envFile] = await eslint.lintText(code, { filePath: path.join(root, 'src/server/env.ts') });
    expect(envFile!.messages).toEqual([]);
  }, 60_000);
});
