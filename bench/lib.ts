/**
 * Shared helpers of the benchmarks (`npm run bench`, `npm run bench:web`): the portal as a child
 * process, its memory, clean-up, machine facts, and the results files with the README summary.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const benchDir = path.join(root, 'bench');
export const resultsDir = path.join(benchDir, 'results');

// ---------------------------------------------------------------------------------------------
// Clean-up: every child, temp dir and scratch database registers how to undo itself here.

/** Load average when the run began: other work on the machine skews every figure. */
const loadAtStart = os.loadavg()[0]!;

const cleanups: Array<() => Promise<void> | void> = [];
let cleaning: Promise<void> | undefined;

export function onCleanup(step: () => Promise<void> | void): void {
  cleanups.push(step);
}

/** Undoes everything registered, newest first; once, however many times it is called. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const step = cleanups.pop()!;
      try {
        await step();
      } catch (error) {
        console.error('clean-up step failed:', error);
      }
    }
  })();
  return cleaning;
}

/** Runs a benchmark's main function; cleans up on success, failure, or Ctrl-C, and sets the exit code. */
export function runMain(main: () => Promise<void>): void {
  if (loadAtStart > os.cpus().length / 2) {
    console.warn(`note: the machine is busy (load average ${loadAtStart.toFixed(1)} on ${os.cpus().length} cores); the figures will be pessimistic`);
  }
  let exitCode: number | undefined;
  const finish = (code: number) => {
    exitCode ??= code;
    void cleanUp().then(() => process.exit(exitCode));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping and cleaning up`);
      finish(130);
    });
  }
  main().then(
    () => finish(0),
    (error: unknown) => {
      if (exitCode === undefined) console.error('benchmark failed:', error);
      finish(1);
    },
  );
}

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// ---------------------------------------------------------------------------------------------
// The portal as a child process: the real `npm start` entry, so the load generator and the
// server do not share an event loop and the server's memory is its own.

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 of /readyz. */
  readyMs: number;
  /** The server's own peak resident memory so far (VmHWM), in MB. */
  peakRssMb(): number;
  /** Current resident memory (VmRSS), in MB. */
  rssMb(): number;
  stop(): Promise<void>;
}

function procStatusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}

/**
 * Starts `node [nodeArgs] <entry>` (what `npm start` runs unless told; a TypeScript entry through tsx) with only the given settings
 * (nothing of the caller's portal environment leaks in) and waits for /readyz. Its log goes to `logFile`.
 */
export async function startServer(settings: Record<string, string>, logFile: string, timeoutMs = 120_000, entry = 'bin/start.js', nodeArgs: string[] = []): Promise<ServerProcess> {
  if (cleaning) throw new Error('the benchmark is stopping');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), HOST: '127.0.0.1', PORT: String(port), ...settings };
  const log = fs.openSync(logFile, 'a');
  const started = performance.now();
  const args = [...nodeArgs, ...(entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry])];
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (exited) return;
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(killed);
    })();
    return stopping;
  };
  onCleanup(stop);

  const deadline = started + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`the portal exited before it was ready; its log:\n${tail(logFile)}`);
    if (performance.now() > deadline) throw new Error(`the portal was not ready within ${timeoutMs} ms; its log:\n${tail(logFile)}`);
    const status = await fetch(`${url}/readyz`).then((response) => response.status, () => 0);
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const readyMs = performance.now() - started;
  const pid = child.pid!;
  return { url, pid, child, readyMs, peakRssMb: () => procStatusMb(pid, 'VmHWM'), rssMb: () => procStatusMb(pid, 'VmRSS'), stop };
}

function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Samples a server's resident memory every 100 ms while `work` runs; returns both. */
export async function withRssSampling<T>(server: ServerProcess, work: () => Promise<T>): Promise<{ value: T; peakRssMb: number }> {
  let peak = server.rssMb();
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, server.rssMb());
    } catch {
      // The process is gone; the work will fail on its own.
    }
  }, 100);
  try {
    const value = await work();
    return { value, peakRssMb: Math.max(peak, server.rssMb()) };
  } finally {
    clearInterval(timer);
  }
}

// ---------------------------------------------------------------------------------------------
// Results.

export function machine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage1mAtStart: round(loadAtStart, 2),
  };
}

export interface Goal {
  name: string;
  /** The goal as a reader would say it, e.g. '<= 10 s'. */
  target: string;
  actual: string;
  pass: boolean;
}

export function goal(name: string, actual: number, limit: number, unit: string, digits = 1): Goal {
  return { name, target: `<= ${limit} ${unit}`, actual: `${actual.toFixed(digits)} ${unit}`, pass: actual <= limit };
}

/** One row of the README summary: what was measured and the figure. */
export interface SummaryRow {
  measure: string;
  value: string;
}

export interface Result {
  name: string;
  title: string;
  date: string;
  machine: ReturnType<typeof machine>;
  summary: SummaryRow[];
  goals: Goal[];
  [details: string]: unknown;
}

export function writeResult(result: Result): void {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${result.name}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`wrote ${path.relative(root, file)}`);
}

const BEGIN = '<!-- results:begin (generated by npm run bench / bench:web; do not edit) -->';
const END = '<!-- results:end -->';

/** Rewrites the generated section of bench/README.md from every file in bench/results. */
export function updateReadme(): void {
  const order = ['startup', 'api-embedded', 'api-server', 'web'];
  const results = fs
    .readdirSync(resultsDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(fs.readFileSync(path.join(resultsDir, name), 'utf8')) as Result)
    .sort((a, b) => (order.indexOf(a.name) + 1 || 99) - (order.indexOf(b.name) + 1 || 99));
  const sections = results.map((result) => {
    const m = result.machine;
    const lines = [
      `### ${result.title} (\`results/${result.name}.json\`)`,
      '',
      `${result.date.slice(0, 16).replace('T', ' ')} UTC; ${m.cores} cores (${m.cpu}), ${m.memoryGb} GB, Node ${m.node}; load average ${m.loadAverage1mAtStart} when the run began.`,
      '',
      '| measure | value |',
      '|---|---|',
      ...result.summary.map((row) => `| ${row.measure} | ${row.value} |`),
    ];
    if (result.goals.length > 0) {
      lines.push('', '| goal | target | measured | |', '|---|---|---|---|');
      lines.push(...result.goals.map((g) => `| ${g.name} | ${g.target} | ${g.actual} | ${g.pass ? 'pass' : '**FAIL**'} |`));
    }
    return lines.join('\n');
  });
  const readmePath = path.join(benchDir, 'README.md');
  const readme = fs.readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`bench/README.md lacks the markers ${BEGIN} ... ${END}`);
  const generated = `${BEGIN}\n\n${sections.join('\n\n')}\n\n${END}`;
  fs.writeFileSync(readmePath, readme.slice(0, start) + generated + readme.slice(end + END.length));
  console.log('updated bench/README.md');
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
