/**
 * `npm run lint`: the structure checks, each run even when an earlier one fails so that one run
 * shows every problem: ESLint with typescript-eslint (lint:eslint, eslint.config.js),
 * dependency-cruiser's import rules (lint:deps, .dependency-cruiser.cjs) and knip's unused files,
 * exports and dependencies (lint:unused, knip.config.ts). Exits non-zero when any finds a problem;
 * `npm test` runs it as its 'checks' step.
 */
import { spawnSync } from 'node:child_process';

const checks = [
  { name: 'eslint', script: 'lint:eslint' },
  { name: 'dependency-cruiser', script: 'lint:deps' },
  { name: 'knip', script: 'lint:unused' },
];

const failed: string[] = [];
for (const check of checks) {
  console.log(`\n▶ ${check.name} (npm run ${check.script})`);
  const result = spawnSync('npm', ['run', '--silent', check.script], { stdio: 'inherit' });
  if (result.status !== 0) failed.push(check.name);
  else console.log(`${check.name}: no problems`);
}
if (failed.length > 0) console.log(`\nChecks failed: ${failed.join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
