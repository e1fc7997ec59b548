/**
 * `npm test`: the whole suite — types, structure checks (npm run lint), unit, integration (embedded PostgreSQL, or the server at
 * TEST_DATABASE_URL) and end-to-end in Chromium — then every failed test by name and one closing line with the totals.
 * `npm test -- unit integration` runs the steps named (types, checks, unit, integration, end-to-end) only.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const CHROMIUM = '/usr/bin/chromium';
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));

function ensureChromium(): boolean {
  if (fs.existsSync(CHROMIUM)) return true;
  const canInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(`Chromium is missing for the browser tests. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n(the tests use ${CHROMIUM}; no browser is downloaded)`);
    return false;
  }
  console.log('Installing Chromium from Debian for the browser tests (apt-get install chromium)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = update.status === 0 ? spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], { stdio: 'inherit', env }) : update;
  return install.status === 0 && fs.existsSync(CHROMIUM);
}

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Reads passed and failed test counts, and what failed, from the step's JSON report. */
  counts?: () => { passed: number; failed: number; failures: string[] };
  /**
   * Runs beside the steps after it, on the other core, until a step with tests starts: its output
   * is shown when it ends. Type checking takes one core for most of a minute, as the structure
   * checks do.
   */
  beside?: boolean;
}

/** A failure's first line of message, short enough for the closing summary. */
const firstLine = (message: string | undefined) => stripVTControlCharacters(message ?? '').trim().split('\n')[0]!.slice(0, 300);

function vitestCounts(file: string) {
  return () => {
    const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      testResults: Array<{ name: string; status: string; message?: string; assertionResults: Array<{ status: string; fullName: string; failureMessages?: string[] }> }>;
    };
    const failures = report.testResults.flatMap((result) => {
      const where = path.relative(process.cwd(), result.name);
      const tests = result.assertionResults.filter((test) => test.status === 'failed').map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      // A file that failed outside its tests (a hook, an import) has no failed test to name.
      return tests.length === 0 && result.status === 'failed' ? [`${where}: ${firstLine(result.message)}`] : tests;
    });
    return { passed: report.numPassedTests, failed: report.numFailedTests, failures };
  };
}

interface PlaywrightSuite {
  title: string;
  specs?: Array<{ title: string; file: string; line: number; tests: Array<{ projectName: string; status: string; results: Array<{ error?: { message?: string } }> }> }>;
  suites?: PlaywrightSuite[];
}

function playwrightCounts(file: string) {
  return () => {
    const report = JSON.parse(fs.readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number }; suites: PlaywrightSuite[] };
    const failures: string[] = [];
    const walk = (suite: PlaywrightSuite) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests) {
          if (test.status === 'unexpected') failures.push(`[${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(test.results.at(-1)?.error?.message)}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites) walk(suite);
    return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, failures };
  };
}

const bin = (name: string) => path.join('node_modules', '.bin', name);
const steps: Step[] = [
  { name: 'types', command: [bin('tsc'), '--noEmit', '-p', '.'], beside: true },
  // ESLint, dependency-cruiser's import rules and knip (npm run lint): a broken rule fails npm test.
  { name: 'checks', command: [process.execPath, '--import', 'tsx', 'scripts/lint.ts'] },
  {
    name: 'unit',
    command: [bin('vitest'), 'run', '--project', 'unit', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/unit.json`],
    counts: vitestCounts(`${reports}/unit.json`),
  },
  {
    name: 'integration',
    command: [bin('vitest'), 'run', '--project', 'integration', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/integration.json`],
    counts: vitestCounts(`${reports}/integration.json`),
  },
  {
    name: 'end-to-end',
    command: [bin('playwright'), 'test'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json`, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    counts: playwrightCounts(`${reports}/e2e.json`),
  },
];

let passed = 0;
let failed = 0;
const failedSteps: string[] = [];
/** Every failed test by name, repeated at the end: a CI log is often read from its tail only. */
const failedTests: string[] = [];
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !steps.some((step) => step.name === name));
if (unknown.length > 0) {
  console.error(`unknown step: ${unknown.join(', ')} (the steps: ${steps.map((step) => step.name).join(', ')})`);
  process.exit(2);
}
/** A step running beside the others (Step.beside): its output goes to a file, shown when it ends. */
interface Beside {
  step: Step;
  output: string;
  ended: Promise<number | null>;
}
let besides: Beside[] = [];

function startBeside(step: Step): Beside {
  const output = path.join(reports, `${step.name}.log`);
  const fd = fs.openSync(output, 'w');
  const child = spawn(step.command[0]!, step.command.slice(1), { stdio: ['ignore', fd, fd], env: { ...process.env, ...step.env } });
  fs.closeSync(fd);
  const ended = new Promise<number | null>((resolve) => {
    child.once('error', () => resolve(null));
    child.once('close', (code) => resolve(code));
  });
  return { step, output, ended };
}

/** Waits for the steps running beside, shows their output, and counts a failed one. */
async function endBesides(): Promise<void> {
  for (const { step, output, ended } of besides) {
    const status = await ended;
    console.log(`\n▶ ${step.name} (ran beside the next steps): ${step.command.join(' ')}`);
    process.stdout.write(fs.readFileSync(output, 'utf8'));
    if (status !== 0) {
      failedSteps.push(step.name);
      failed += 1;
    }
  }
  besides = [];
}

for (const step of chosen.length > 0 ? steps.filter((candidate) => chosen.includes(candidate.name)) : steps) {
  if (step.beside) {
    besides.push(startBeside(step));
    continue;
  }
  // A step with tests has both cores to itself.
  if (step.counts) await endBesides();
  if (step.name === 'end-to-end' && !ensureChromium()) {
    failedSteps.push(step.name);
    failed += 1;
    continue;
  }
  console.log(`\n▶ ${step.name}: ${step.command.join(' ')}`);
  const result = spawnSync(step.command[0]!, step.command.slice(1), { stdio: 'inherit', env: { ...process.env, ...step.env } });
  let stepFailed = 0;
  if (step.counts) {
    try {
      const counts = step.counts();
      passed += counts.passed;
      stepFailed = counts.failed;
      failedTests.push(...counts.failures.map((failure) => `${step.name}: ${failure}`));
    } catch {
      // No report: the runner itself failed; counted below.
    }
  }
  if (result.status !== 0) {
    failedSteps.push(step.name);
    // A runner that failed outside any test (a broken build, a crashed set-up) still counts as a failure.
    stepFailed = Math.max(stepFailed, 1);
  }
  failed += stepFailed;
}
await endBesides();
fs.rmSync(reports, { recursive: true, force: true });

if (failedTests.length > 0) console.log(`\nFailed tests:\n${failedTests.map((failure) => `  ${failure}`).join('\n')}`);
if (failedSteps.length > 0) console.log(`\nFailed: ${failedSteps.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedSteps.length > 0 ? 1 : 0);
