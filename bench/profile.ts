/**
 * `npm run bench:profile -- <scenario> [seconds]`: where the portal's CPU time goes under one load of
 * the API bench. The portal runs under `node --cpu-prof` on a fresh database seeded as for `npm run
 * bench` (embedded, or a scratch database on the PostgreSQL server at DATABASE_URL); autocannon
 * loads one scenario (10 connections, 10 s by default, after a 2 s warm-up); then the samples of the
 * load alone are summed by package and by function. The profile is kept, to open in Chrome's
 * DevTools (Performance, 'Load profile'). Scenarios: ping, messages, balance, transfer, orders.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, openServerDatabase } from '../src/server/db/client';
import { commerceRequests, settle } from './commerce';
import { profileLengthMs, summarize, type CpuProfile } from './cpu-profile';
import { root, runMain, startServer, tempDir } from './lib';
import { describeLoad, loadTest, type LoadRequest } from './load';
import { messageListPath, portalSettings, requireLoopback, scratchDatabase, seedPortal, staffSignIn } from './portal-data';

const scenarios = ['ping', 'messages', 'balance', 'transfer', 'orders'] as const;
type Scenario = (typeof scenarios)[number];

const scenario = process.argv[2] as Scenario;
const seconds = Number(process.argv[3] ?? 10);
if (!scenarios.includes(scenario) || !(seconds > 0 && seconds <= 60)) {
  console.error(`usage: npm run bench:profile -- <${scenarios.join('|')}> [seconds, at most 60]`);
  process.exit(2);
}

runMain(async () => {
  const work = tempDir('portal-bench-profile-');
  const profileDir = path.join(root, 'bench/results/profiles');
  fs.mkdirSync(profileDir, { recursive: true });
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) requireLoopback(serverUrl);
  const databaseUrl = serverUrl ? await scratchDatabase(serverUrl) : undefined;
  const dataDir = path.join(work, 'data');
  const before = new Set(fs.readdirSync(profileDir));
  const server = await startServer({ ...portalSettings, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }) }, path.join(work, 'server.log'), 120_000, 'bin/start.js', [
    '--cpu-prof',
    `--cpu-prof-dir=${profileDir}`,
  ]);

  const database = databaseUrl ? openServerDatabase(databaseUrl, { poolSize: 2 }) : await openDatabase({ dataDir, poolSize: 2, role: 'client' });
  let request: LoadRequest = { path: '/trpc/system.ping' };
  try {
    if (scenario !== 'ping') {
      const commerce = await seedPortal(database);
      const staffCookie = await staffSignIn(server.url);
      if (scenario === 'messages') request = { path: messageListPath, headers: { cookie: staffCookie } };
      else {
        const requests = await commerceRequests(server, commerce, staffCookie);
        request = { balance: requests.balance, transfer: requests.transfer, orders: requests.memberList }[scenario];
        // As the bench does: the deliveries the seeding queued (the grant to the platform emulator)
        // run before the load, not during it.
        await settle(database);
      }
    }
  } finally {
    await database.close();
  }

  console.log(`${scenario}: ${seconds} s of load under the profiler...`);
  await loadTest(server, request, { connections: 10, durationS: 2 });
  const loadStarted = performance.now();
  const result = await loadTest(server, request, { connections: 10, durationS: seconds });
  const loadEnded = performance.now();
  await server.stop();
  const stopped = performance.now();

  const written = fs.readdirSync(profileDir).filter((name) => !before.has(name) && name.endsWith('.cpuprofile'));
  // Each thread writes its own profile, CPU.<date>.<time>.<pid>.<thread id>.<n>.cpuprofile: the
  // main thread's (id 0) has the requests, the embedded database's thread the queries.
  const threadOf = (name: string) => Number(name.split('.').at(-3));
  const main = written.find((name) => threadOf(name) === 0);
  if (!main) throw new Error(`the portal wrote no CPU profile to ${profileDir}`);
  const kept = path.join(profileDir, `${scenario}-${databaseUrl ? 'server' : 'embedded'}.cpuprofile`);
  fs.renameSync(path.join(profileDir, main), kept);
  const [databaseThread] = written.filter((name) => threadOf(name) !== 0);
  const keptThread = path.join(profileDir, `${scenario}-embedded-database-thread.cpuprofile`);
  if (databaseThread) fs.renameSync(path.join(profileDir, databaseThread), keptThread);
  for (const name of written) fs.rmSync(path.join(profileDir, name), { force: true });

  // Both profiles end when the process stops: the load's window is counted back from there.
  const loadWindow = (profile: CpuProfile) => {
    const toMs = profileLengthMs(profile) - (stopped - loadEnded);
    return { fromMs: toMs - (loadEnded - loadStarted), toMs };
  };
  const profile = JSON.parse(fs.readFileSync(kept, 'utf8')) as CpuProfile;
  const summary = summarize(profile, loadWindow(profile), path.join(root, 'dist/server'));
  console.log(`${scenario} on the ${databaseUrl ? 'PostgreSQL server' : 'embedded database'}: ${describeLoad(result)}; ${summary.sampledMs} ms sampled`);
  const idle = (shares: { name: string; percent: number }[]) => shares.find((share) => share.name.startsWith('(idle)'))?.percent ?? 0;
  console.log(`main thread busy ${(100 - idle(summary.functions)).toFixed(0)}% of the load`);
  if (databaseThread) {
    const threadProfile = JSON.parse(fs.readFileSync(keptThread, 'utf8')) as CpuProfile;
    const threadSummary = summarize(threadProfile, loadWindow(threadProfile), undefined, 200);
    console.log(`embedded database thread busy ${(100 - idle(threadSummary.functions)).toFixed(0)}% of the load (its profile: ${path.relative(root, keptThread)})`);
  }
  console.log('\nself time by package or source folder:');
  for (const share of summary.packages) console.log(`${share.percent.toFixed(1).padStart(6)}%  ${share.name}`);
  console.log('\nself time by function:');
  for (const share of summary.functions) console.log(`${share.percent.toFixed(1).padStart(6)}%  ${share.name}`);
  console.log(`\nprofile: ${path.relative(root, kept)}`);
});
