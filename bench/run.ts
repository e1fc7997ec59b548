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
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import path from 'node:path';
import pg from 'pg';
import superjson from 'superjson';
import { openDatabase, openServerDatabase, type Database } from '../src/server/db/client';
import { buildClient, buildIsStale } from '../src/server/http/web';
import { createStaff } from '../src/server/modules/staff/staff.service';
import { setStaffAuthenticator } from '../src/server/modules/staff/staff-totp.service';
import { newTotpSecret, totpCode } from '../src/server/modules/auth/totp';
import { benchCommerce, seedCommerce, type CommerceData } from './commerce';
import { goal, machine, median, onCleanup, root, round, runMain, startServer, tempDir, updateReadme, writeResult } from './lib';
import { describeLoad, failures, loadTest, type LoadResult } from './load';

const MESSAGES = 10_000;
const LOAD = { connections: 10, durationS: 10, warmUpS: 2 };
const STARTS = 5;
const STAFF = { email: 'bench.service@inspectra.example', password: 'bench-password-1', totpSecret: newTotpSecret() };
/** The server runs as a deployment (NODE_ENV=production), which needs the key that seals authenticator secrets. */
const TOTP_KEY = randomBytes(32);

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

/** The demo data and 100,000 orders (bench/commerce.ts), then 10,000 messages in one statement, spread over the last week, a third of them replied. */
async function seed(database: Database): Promise<CommerceData> {
  const commerce = await seedCommerce(database, TOTP_KEY);
  const staff = await createStaff(database.db, {
    email: STAFF.email,
    name: 'Bench Service',
    password: STAFF.password,
    permissions: ['customer_service', 'confirm_order', 'confirm_payment', 'points_management'],
  });
  await setStaffAuthenticator({ db: database.db, totpKey: TOTP_KEY, clock: () => new Date() }, staff.id, STAFF.totpSecret);
  await database.db.execute(sql`
    insert into customer_messages (status, first_name, last_name, email, phone, type, description, company_industry, adoption_time, language, created_at, replied_at)
    select case when g % 3 = 0 then 1 else 0 end, 'Bench', 'Visitor ' || g, 'visitor' || g || '@bench.example', '+886 2 2345 ' || lpad((g % 10000)::text, 4, '0'),
           (g % 3) + 1, repeat('Counting parts on a tray with a line camera. ', 4) || g,
           case when g % 3 = 0 then 'autoParts' end, case when g % 3 = 0 then 'within3Months' end,
           (array['zh-TW', 'en', 'zh-CN', 'ja'])[(g % 4) + 1],
           now() - g * interval '1 minute', case when g % 3 = 0 then now() - g * interval '30 seconds' end
    from generate_series(1, ${MESSAGES}) as g`);
  // The inbox's counts are kept by the service on every insert; a bulk insert sets them itself.
  await database.db.execute(sql`
    insert into customer_message_counts (status, total) select status, count(*) from customer_messages group by status
    on conflict (status) do update set total = excluded.total`);
  await database.db.execute(sql`analyze customer_messages`);
  return commerce;
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/trpc/staff.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(superjson.serialize({ email: STAFF.email, password: STAFF.password, totpCode: totpCode(STAFF.totpSecret, new Date()) })),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (response.status !== 200 || !cookie) throw new Error(`staff sign-in failed: ${response.status} ${await response.text()}`);
  return cookie;
}

const load = (server: Parameters<typeof loadTest>[0], route: string, headers: Record<string, string>): Promise<LoadResult> =>
  loadTest(server, { path: route, headers }, { connections: LOAD.connections, durationS: LOAD.durationS, warmUp: { durationS: LOAD.warmUpS } });

const listPath = `/trpc/messages.list?input=${encodeURIComponent(JSON.stringify(superjson.serialize({})))}`;

/** The bare Express + tRPC procedure (bench/bare-trpc.ts), loaded the same way just before the portal. */
async function loadBare(work: string): Promise<LoadResult> {
  const bare = await startServer({}, path.join(work, 'bare.log'), 30_000, 'bench/bare-trpc.ts');
  try {
    return await load(bare, '/trpc/ping', {});
  } finally {
    await bare.stop();
  }
}

async function benchApi(kind: 'embedded' | 'server', settings: Record<string, string>, open: () => Promise<Database>): Promise<void> {
  const work = tempDir(`portal-bench-api-${kind}-`);
  console.log(`${kind}: bare Express + tRPC procedure for ${LOAD.durationS} s, ${LOAD.connections} connections...`);
  const bare = await loadBare(work);
  const server = await startServer({ NODE_ENV: 'production', LOG_LEVEL: 'info', SEED_DEMO: 'off', TOTP_ENCRYPTION_KEY: TOTP_KEY.toString('base64'), ...settings }, path.join(work, 'server.log'));
  const database = await open();
  let closing: Promise<void> | undefined;
  const closeDatabase = () => (closing ??= database.close());
  onCleanup(closeDatabase);
  const commerce = await seed(database);
  const cookie = await signIn(server.url);
  const check = await fetch(`${server.url}${listPath}`, { headers: { cookie } });
  if (check.status !== 200) throw new Error(`the message list answered ${check.status}: ${await check.text()}`);
  const { counts } = superjson.deserialize((await check.json()).result.data) as { counts: { open: number; replied: number } };
  if (counts.open + counts.replied < MESSAGES) throw new Error(`the message list counts ${counts.open + counts.replied} messages, not at least ${MESSAGES}`);

  console.log(`${kind}: system.ping for ${LOAD.durationS} s, ${LOAD.connections} connections...`);
  const ping = await load(server, '/trpc/system.ping', {});
  console.log(`${kind}: messages.list (first page of ${MESSAGES}) for ${LOAD.durationS} s...`);
  const list = await load(server, listPath, { cookie });
  await benchCommerce(kind, server, commerce, cookie, ping, database);
  await closeDatabase();
  const peakRssMb = round(server.peakRssMb(), 0);
  await server.stop();

  const ratio = (a: number, b: number) => round(a / b, 2);
  const line = describeLoad;
  const where = kind === 'embedded' ? 'embedded PGlite (served by the portal process)' : 'PostgreSQL server at DATABASE_URL (scratch database)';
  writeResult({
    name: `api-${kind}`,
    title: `API load, ${where}`,
    date: new Date().toISOString(),
    machine: machine(),
    method: `autocannon on loopback, ${LOAD.connections} connections, ${LOAD.durationS} s after a ${LOAD.warmUpS} s warm-up; server: node bin/start.js (production mode by default), LOG_LEVEL=info (request log to a file), jobs in-process; ${MESSAGES} messages inserted in one statement; load generator and server share the machine's cores.`,
    bare,
    ping,
    list,
    ratioToBare: { ping: ratio(ping.requestsPerSecond, bare.requestsPerSecond), list: ratio(list.requestsPerSecond, bare.requestsPerSecond) },
    ratioToPing: { requestsPerSecond: ratio(list.requestsPerSecond, ping.requestsPerSecond), p50: ratio(list.p50Ms, ping.p50Ms), p99: ratio(list.p99Ms, ping.p99Ms) },
    peakServerRssMb: peakRssMb,
    summary: [
      { measure: 'bare Express 5 + tRPC 11 procedure (bench/bare-trpc.ts)', value: line(bare) },
      { measure: 'system.ping', value: `${line(ping)}; ${ratio(ping.requestsPerSecond, bare.requestsPerSecond)}x bare` },
      { measure: `messages.list, page 1 of ${MESSAGES} (staff session)`, value: `${line(list)}; ${ratio(list.requestsPerSecond, bare.requestsPerSecond)}x bare` },
      {
        measure: 'message list / ping',
        value: `${ratio(list.requestsPerSecond, ping.requestsPerSecond)}x req/s, ${ratio(list.p50Ms, ping.p50Ms)}x p50, ${ratio(list.p99Ms, ping.p99Ms)}x p99`,
      },
      { measure: 'peak server RSS', value: `${Math.max(ping.peakRssMb, list.peakRssMb)} MB under load, ${peakRssMb} MB since start (VmHWM)` },
    ],
    goals: [
      { name: 'system.ping against the bare procedure', target: '>= 0.8x', actual: `${ratio(ping.requestsPerSecond, bare.requestsPerSecond)}x`, pass: ping.requestsPerSecond >= 0.8 * bare.requestsPerSecond },
      { name: `message list over ${MESSAGES} messages against system.ping`, target: '>= 0.3x', actual: `${ratio(list.requestsPerSecond, ping.requestsPerSecond)}x`, pass: list.requestsPerSecond >= 0.3 * ping.requestsPerSecond },
    ],
  });
  if (failures(bare, ping, list) > 0) {
    throw new Error(`requests failed under load (see bench/results/api-${kind}.json)`);
  }
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

function requireLoopback(serverUrl: string): void {
  const { hostname } = new URL(serverUrl);
  if (!LOOPBACK.has(hostname)) throw new Error(`DATABASE_URL must point at a loopback address for the benchmark, not ${hostname}`);
}

/** A scratch database on the PostgreSQL server at `serverUrl`, dropped at clean-up. */
async function scratchDatabase(serverUrl: string): Promise<string> {
  const url = new URL(serverUrl);
  const name = `inspectra_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  onCleanup(async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  });
  url.pathname = `/${name}`;
  return url.toString();
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
