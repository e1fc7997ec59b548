/**
 * The portal as the API benchmarks (run.ts) and the profiler (profile.ts) load it: its settings as a
 * deployment, the data they seed (the demo data, 100,000 orders, 10,000 contact messages and a staff
 * member), the staff sign-in, and a scratch database on a PostgreSQL server.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import superjson from 'superjson';
import type { Database } from '../src/server/db/client';
import { newTotpSecret, totpCode } from '../src/server/modules/auth/totp';
import { createStaff } from '../src/server/modules/staff/staff.service';
import { setStaffAuthenticator } from '../src/server/modules/staff/staff-totp.service';
import { seedCommerce, signIn, type CommerceData } from './commerce';
import { onCleanup } from './lib';

export const MESSAGES = 10_000;
const STAFF = { email: 'bench.service@inspectra.example', password: 'bench-password-1', totpSecret: newTotpSecret() };
/** The server runs as a deployment (NODE_ENV=production), which needs the key that seals authenticator secrets. */
const TOTP_KEY = randomBytes(32);

/** The portal's settings as a deployment with a request log at `info`; DATA_DIR or DATABASE_URL come on top. */
export const portalSettings = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  SEED_DEMO: 'off',
  TOTP_ENCRYPTION_KEY: TOTP_KEY.toString('base64'),
  PUBLIC_URL: 'http://127.0.0.1',
  // The platform calls go to the emulator, in this process, as under `npm start`.
  PLATFORM_EMULATOR: 'on',
};

export const messageListPath = `/trpc/messages.list?input=${encodeURIComponent(JSON.stringify(superjson.serialize({})))}`;

/** The demo data and 100,000 orders (bench/commerce.ts), then 10,000 messages in one statement, spread over the last week, a third of them replied. */
export async function seedPortal(database: Database): Promise<CommerceData> {
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

/** The seeded staff member's session cookie. */
export function staffSignIn(url: string): Promise<string> {
  return signIn(url, 'staff.signIn', { email: STAFF.email, password: STAFF.password, totpCode: totpCode(STAFF.totpSecret, new Date()) });
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function requireLoopback(serverUrl: string): void {
  const { hostname } = new URL(serverUrl);
  if (!LOOPBACK.has(hostname)) throw new Error(`DATABASE_URL must point at a loopback address for the benchmark, not ${hostname}`);
}

/** A scratch database on the PostgreSQL server at `serverUrl`, dropped at clean-up. */
export async function scratchDatabase(serverUrl: string): Promise<string> {
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
