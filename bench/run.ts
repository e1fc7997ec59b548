/**
 * `npm run bench`: start-up times and API load of the portal, each server a child process.
 *
 * 1. Start-up: time from spawning `bin/start.js` (what `npm start` runs) to the first 200 of /readyz,
 *    on a new embedded database (migrations and demo data) and on an existing one; five runs each.
 * 2. API load on a fresh embedded database, after a bare Express + tRPC procedure (bench/bare-trpc.ts) as the baseline, (and on a scratch database of the PostgreSQL server at
 *    DATABASE_URL when set): 10,000 contact messages and a customer_service staff member, then
 *    autocannon on loopback against `system.ping` (the baseline) and the staff message list; then,
 *    on the same server, points and orders (bench/commerce.ts).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import superjson from 'superjson';
import { openDatabase, openServerDatabase, type Database } from '../src/server/db/client';
import { buildClient, buildIsStale } from '../src/server/http/web';
import { benchCommerce } from './commerce';
import { MESSAGES, messageListPath, portalSettings, requireLoopback, scratchDatabase, seedPortal, staffSignIn } from './portal-data';
import { goal, machine, median, onCleanup, root, round, runMain, startServer, tempDir, updateReadme, writeResult, type ServerProcess } from './lib';
import { describeLoad, failures, inTurns, loadTest, medianRound, type LoadResult, type MedianRound } from './load';

const LOAD = { connections: 10, durationS: 5, warmUpS: 2 };
/** Rounds of the baseline, ping and the list in turn, of which the median ratio counts. */
const ROUNDS = 3;
const STARTS = 5;

/** Both builds current before the starts are timed: the web app when stale, the server's bundle always (under a second). */
async function ensureBuilds(): Promise<string> {
  const started = performance.now();
  execFileSync(process.execPath, ['bin/built.js'], { cwd: root });
  const server = `built the server's bundle first (${round((performance.now() - started) / 1000)} s)`;
  if (!buildIsStale()) return `${server}; the web build was current; start-up times measure the server alone`;
  const webStarted = performance.now();
  await buildClient();
  return `${server} and the web app (${round((performance.now() - webStarted) / 1000)} s), so that start-up times measure the server alone`;
}

// ---------------------------------------------------------------------------------------------
// Start-up

type StartRun = { ms: number; peakRssMb: number };

/** One start of the portal on `dataDir`, timed to /readyz, then stopped. */
async function timedStart(dataDir: string, logFile: string): Promise<StartRun> {
  // Flush what the previous start wrote first, so that its write-back does not slow this one down.
  execFileSync('sync');
  const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }, logFile);
  const run = { ms: round(server.readyMs, 0), peakRssMb: round(server.peakRssMb(), 0) };
  await server.stop();
  return run;
}

async function benchStartup(): Promise<void> {
  const buildNote = await ensureBuilds();
  console.log(buildNote);
  const work = tempDir('portal-bench-startup-');
  const logFile = path.join(work, 'server.log');
  const runs = { newDatabase: [] as StartRun[], existingDatabase: [] as StartRun[] };
  for (let run = 0; run < STARTS; run++) {
    runs.newDatabase.push(await timedStart(path.join(work, `new-${run}`), logFile));
    console.log(`start on a new embedded database: ${runs.newDatabase.at(-1)!.ms} ms`);
  }
  for (let run = 0; run < STARTS; run++) {
    runs.existingDatabase.push(await timedStart(path.join(work, 'new-0'), logFile));
    console.log(`start on an existing embedded database: ${runs.existingDatabase.at(-1)!.ms} ms`);
  }

  const newS = median(runs.newDatabase.map((r) => r.ms)) / 1000;
  const existingS = median(runs.existingDatabase.map((r) => r.ms)) / 1000;
  const seconds = (list: StartRun[]) => list.map((r) => (r.ms / 1000).toFixed(2)).join(', ');
  const peak = (list: StartRun[]) => Math.max(...list.map((r) => r.peakRssMb));
  writeResult({
    name: 'startup',
    title: 'Start-up: spawn of bin/start.js (npm start) to /readyz 200',
    date: new Date().toISOString(),
    machine: machine(),
    method: `median of ${STARTS} starts each; node bin/start.js (the server bundled ahead into dist/server) with a fresh DATA_DIR (new) or the first one again (existing), after a sync of the disk; ${buildNote}. npm's own start-up (about 0.2 s) is not included.`,
    runs,
    summary: [
      { measure: 'new embedded database (migrations + demo data)', value: `${newS.toFixed(2)} s (runs: ${seconds(runs.newDatabase)}), peak RSS ${peak(runs.newDatabase)} MB` },
      { measure: 'existing embedded database', value: `${existingS.toFixed(2)} s (runs: ${seconds(runs.existingDatabase)}), peak RSS ${peak(runs.existingDatabase)} MB` },
    ],
    goals: [goal('start on a new embedded database', newS, 10, 's', 2), goal('start on an existing embedded database', existingS, 1, 's', 2)],
  });
}

// ---------------------------------------------------------------------------------------------
// API load

/** One load of a round (see inTurns); only the first round warms up. */
const load = (server: ServerProcess, route: string, headers: Record<string, string>, round: number): Promise<LoadResult> =>
  loadTest(server, { path: route, headers }, { connections: LOAD.connections, durationS: LOAD.durationS, ...(round === 0 ? { warmUp: { durationS: LOAD.warmUpS } } : {}) });

async function benchApi(kind: 'embedded' | 'server', settings: Record<string, string>, open: () => Promise<Database>): Promise<void> {
  const work = tempDir(`portal-bench-api-${kind}-`);
  const server = await startServer({ ...portalSettings, ...settings }, path.join(work, 'server.log'));
  const database = await open();
  let closing: Promise<void> | undefined;
  const closeDatabase = () => (closing ??= database.close());
  onCleanup(closeDatabase);
  const commerce = await seedPortal(database);
  const cookie = await staffSignIn(server.url);
  const check = await fetch(`${server.url}${messageListPath}`, { headers: { cookie } });
  if (check.status !== 200) throw new Error(`the message list answered ${check.status}: ${await check.text()}`);
  const { counts } = superjson.deserialize((await check.json()).result.data) as { counts: { open: number; replied: number } };
  if (counts.open + counts.replied < MESSAGES) throw new Error(`the message list counts ${counts.open + counts.replied} messages, not at least ${MESSAGES}`);

  // The baseline (bench/bare-trpc.ts, its own process), the portal's ping and the list in turn, in
  // rounds: the machine's speed drifts by tens of percent over a minute here, and a ratio means
  // something only between neighbours; the round of the median ratio counts.
  console.log(`${kind}: bare Express + tRPC procedure, system.ping and messages.list (first page of ${MESSAGES}) in turn, ${ROUNDS} rounds of ${LOAD.durationS} s each...`);
  const bareServer = await startServer({}, path.join(work, 'bare.log'), 30_000, 'bench/bare-trpc.ts');
  let rounds: LoadResult[][];
  try {
    rounds = await inTurns(
      [(round) => load(bareServer, '/trpc/ping', {}, round), (round) => load(server, '/trpc/system.ping', {}, round), (round) => load(server, messageListPath, { cookie }, round)],
      ROUNDS,
    );
  } finally {
    await bareServer.stop();
  }
  const pingRound = medianRound(rounds, 1, 0);
  const listRound = medianRound(rounds, 2, 1);
  const [bare, ping, list] = listRound.round as [LoadResult, LoadResult, LoadResult];
  await benchCommerce(kind, server, commerce, cookie, database);
  await closeDatabase();
  const peakRssMb = round(server.peakRssMb(), 0);
  await server.stop();

  const ratio = (a: number, b: number) => round(a / b, 2);
  const roundsOf = (median: MedianRound) => median.ratios.map((value) => `${round(value, 3)}x`).join(', ');
  const line = describeLoad;
  const where = kind === 'embedded' ? 'embedded PGlite (served by the portal process, on its own thread)' : 'PostgreSQL server at DATABASE_URL (scratch database)';
  writeResult({
    name: `api-${kind}`,
    title: `API load, ${where}`,
    date: new Date().toISOString(),
    machine: machine(),
    method: `autocannon on loopback, ${LOAD.connections} connections; the bare procedure, system.ping and the list in turn, ${ROUNDS} rounds of ${LOAD.durationS} s each (a ${LOAD.warmUpS} s warm-up before the first), each ratio from the round where it is the median (the figures shown are the round of the list's median ratio); server: node bin/start.js (production mode by default), LOG_LEVEL=info (request log to a file), jobs in-process; ${MESSAGES} messages inserted in one statement; load generator and server share the machine's cores.`,
    bare,
    ping,
    list,
    rounds,
    ratioToBare: { ping: round(pingRound.ratio, 2), list: ratio(list.requestsPerSecond, bare.requestsPerSecond) },
    ratioToPing: { requestsPerSecond: ratio(list.requestsPerSecond, ping.requestsPerSecond), p50: ratio(list.p50Ms, ping.p50Ms), p99: ratio(list.p99Ms, ping.p99Ms) },
    peakServerRssMb: peakRssMb,
    summary: [
      { measure: 'bare Express 5 + tRPC 11 procedure (bench/bare-trpc.ts)', value: line(bare) },
      { measure: 'system.ping', value: `${line(ping)}; ${ratio(ping.requestsPerSecond, bare.requestsPerSecond)}x bare in this round; rounds ${roundsOf(pingRound)}` },
      { measure: `messages.list, page 1 of ${MESSAGES} (staff session)`, value: `${line(list)}; ${ratio(list.requestsPerSecond, bare.requestsPerSecond)}x bare` },
      {
        measure: 'message list / ping',
        value: `${ratio(list.requestsPerSecond, ping.requestsPerSecond)}x req/s, ${ratio(list.p50Ms, ping.p50Ms)}x p50, ${ratio(list.p99Ms, ping.p99Ms)}x p99; rounds ${roundsOf(listRound)}`,
      },
      { measure: 'peak server RSS', value: `${Math.max(...rounds.flatMap(([, ping, list]) => [ping!.peakRssMb, list!.peakRssMb]))} MB under load, ${peakRssMb} MB since start (VmHWM)` },
    ],
    goals: [
      { name: 'system.ping against the bare procedure', target: '>= 0.8x', actual: `${round(pingRound.ratio, 3)}x`, pass: pingRound.ratio >= 0.8 },
      { name: `message list over ${MESSAGES} messages against system.ping`, target: '>= 0.3x', actual: `${round(listRound.ratio, 3)}x`, pass: listRound.ratio >= 0.3 },
    ],
  });
  if (failures(...rounds.flat()) > 0) {
    throw new Error(`requests failed under load (see bench/results/api-${kind}.json)`);
  }
}

/** `npm run bench -- startup` or `-- api` runs one part; no argument runs both. */
const part = process.argv[2];
if (part !== undefined && part !== 'startup' && part !== 'api') {
  console.error(`unknown part '${part}': use startup, api, or nothing for both`);
  process.exit(2);
}

runMain(async () => {
  const started = performance.now();
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl && part !== 'startup') requireLoopback(serverUrl);
  if (part !== 'api') await benchStartup();
  if (part !== 'startup') {
    const dataDir = tempDir('portal-bench-data-');
    await benchApi('embedded', { DATA_DIR: dataDir }, () => openDatabase({ dataDir, poolSize: 2, role: 'client' }));
    if (serverUrl) {
      const url = await scratchDatabase(serverUrl);
      await benchApi('server', { DATABASE_URL: url }, async () => openServerDatabase(url, { poolSize: 2 }));
    } else {
      console.log('DATABASE_URL is not set: skipped the PostgreSQL server run');
    }
  }
  updateReadme();
  console.log(`done in ${round((performance.now() - started) / 1000, 0)} s`);
});
