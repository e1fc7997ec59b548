import { z } from 'zod';

/** The only reader of process.env: every setting of the portal, validated once at start. */
const flag = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');

/** Whether any of the AI platform's addresses is set (none: the emulator answers). */
function hasPlatformAddress(env: Partial<Record<'PLATFORM_CLOUD_A_URL' | 'PLATFORM_CLOUD_B_URL' | 'PLATFORM_TRIAL_INTERNAL_URL' | 'PLATFORM_TRIAL_PUBLIC_URL', string>>): boolean {
  return Boolean(env.PLATFORM_CLOUD_A_URL || env.PLATFORM_CLOUD_B_URL || env.PLATFORM_TRIAL_INTERNAL_URL || env.PLATFORM_TRIAL_PUBLIC_URL);
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  BRAND_NAME: z.string().min(1).default('Inspectra'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Inspectra <no-reply@inspectra.example>'),
  LINE_CHANNEL_TOKEN: z.string().optional(),
  LINE_TO: z.string().optional(),
  LINE_API_URL: z.url().default('https://api.line.me'),
  MAIL_NOTIFICATIONS: flag.default(true),
  CHAT_NOTIFICATIONS: flag.default(true),
  JOBS: z.enum(['in-process', 'off']).default('in-process'),
  /** Demo data at start; see resolveSeedDemo. */
  SEED_DEMO: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHOP_URL: z.url().default('https://shop.inspectra.example'),
  /** The bank account members remit to, printed on every quotation. */
  REMITTANCE_BANK: z.string().min(1).default('臺灣銀行 (004) 臺中分行'),
  REMITTANCE_ACCOUNT_NAME: z.string().min(1).default('Inspectra 股份有限公司'),
  REMITTANCE_ACCOUNT_NO: z.string().min(1).default('004-001-23456-7'),
  /** The shop's REST API keys (WooCommerce consumer key and secret) for coupons; unset: the built-in shop emulator answers. */
  SHOP_CONSUMER_KEY: z.string().min(8).optional(),
  SHOP_CONSUMER_SECRET: z.string().min(8).optional(),
  /** Milliseconds before a shop API call is given up. */
  SHOP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
  /** Seconds without a request before a member or staff session ends (spec section 9: 30 minutes). */
  SESSION_IDLE_SECONDS: z.coerce.number().int().min(1).max(24 * 3600).default(1800),
  /** Express 'trust proxy': which proxies' X-Forwarded-For to believe for the client address (e.g. 'loopback', '1'). */
  TRUST_PROXY: z.string().optional(),
  /** AI platform addresses by domain_key (spec section 7); none set: the built-in emulator answers for all four. */
  PLATFORM_CLOUD_A_URL: z.url().optional(),
  PLATFORM_CLOUD_B_URL: z.url().optional(),
  PLATFORM_TRIAL_INTERNAL_URL: z.url().optional(),
  PLATFORM_TRIAL_PUBLIC_URL: z.url().optional(),
  /** The shared key of the platform calls; required once a platform address is set. */
  PLATFORM_KEY: z.string().min(8).optional(),
  /** The built-in platform emulator in a deployment (a trial, a benchmark): off unless asked for; see readEnv. */
  PLATFORM_EMULATOR: flag.default(false),
  /** Milliseconds before a platform call is given up as timed out. */
  PLATFORM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  /** Extra tries of a platform read (get-point-record, group-buy-and-usage) after a network failure or time-out. */
  PLATFORM_READ_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** The virtual-account payment provider (NEWEBPAY_VACC); unset: the built-in payment emulator. */
  PAYMENT_PROVIDER_URL: z.url().optional(),
  /** The provider's shared key: requests and callbacks are signed with HMAC-SHA256 under it. */
  PAYMENT_PROVIDER_KEY: z.string().min(16).optional(),
  /** The AES-256-GCM key that seals TOTP secrets at rest: base64 of 32 random bytes (`openssl rand -base64 32`). */
  TOTP_ENCRYPTION_KEY: z
    .string()
    .refine((value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32, { message: 'must be base64 of 32 bytes (openssl rand -base64 32)' })
    .optional(),
}).refine((env) => !hasPlatformAddress(env) || env.PLATFORM_KEY, { path: ['PLATFORM_KEY'], message: 'required when a PLATFORM_*_URL is set' }).refine((env) => Boolean(env.SHOP_CONSUMER_KEY) === Boolean(env.SHOP_CONSUMER_SECRET), {
  path: ['SHOP_CONSUMER_SECRET'],
  message: 'SHOP_CONSUMER_KEY and SHOP_CONSUMER_SECRET are set together',
}).refine((env) => !env.PAYMENT_PROVIDER_URL || env.PAYMENT_PROVIDER_KEY, { path: ['PAYMENT_PROVIDER_KEY'], message: 'required when PAYMENT_PROVIDER_URL is set' });

export type Env = Omit<z.infer<typeof schema>, 'SEED_DEMO'> & {
  /** Whether demo data (with the README's published passwords) is added at start. */
  SEED_DEMO: boolean;
  /** NODE_ENV=production was set explicitly: a deployment, not `npm start` on a laptop. */
  DEPLOYED: boolean;
};

/**
 * Demo data only in the embedded default (no DATABASE_URL, no explicit NODE_ENV=production) or
 * when asked for; never in a deployment, where its staff sign-in and password are public.
 */
function resolveSeedDemo(asked: boolean | undefined, deployed: boolean, databaseUrl: string | undefined): boolean {
  if (deployed && asked) {
    throw new Error(
      'Invalid configuration:\n  SEED_DEMO: demo data is refused with NODE_ENV=production (its staff password is published in the README). ' +
        'Unset SEED_DEMO, and create the first super staff with `npm run cli -- staff create --email E --name N --super`.',
    );
  }
  return asked ?? (!deployed && !databaseUrl);
}

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const values = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = schema.safeParse(values);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const deployed = values.NODE_ENV === 'production';
  if (deployed) requireDeploymentSettings(result.data);
  return { ...result.data, DEPLOYED: deployed, SEED_DEMO: resolveSeedDemo(result.data.SEED_DEMO, deployed, result.data.DATABASE_URL) };
}

/** What a deployment (NODE_ENV=production) cannot run without, each refused with what to do. */
function requireDeploymentSettings(values: z.infer<typeof schema>): void {
  if (!values.TOTP_ENCRYPTION_KEY) {
    throw new Error(
      'Invalid configuration:\n  TOTP_ENCRYPTION_KEY: required with NODE_ENV=production (it seals the staff and member authenticator secrets). ' +
        'Generate one with `openssl rand -base64 32`, keep it apart from database backups, and never change it while secrets exist.',
    );
  }
  if (!values.PUBLIC_URL) {
    throw new Error(
      "Invalid configuration:\n  PUBLIC_URL: required with NODE_ENV=production (the links in mails and the AI platform's way back to the portal are built from it), e.g. https://portal.inspectra.example.",
    );
  }
  if (!hasPlatformAddress(values) && !values.PLATFORM_EMULATOR) {
    throw new Error(
      "Invalid configuration:\n  PLATFORM_CLOUD_A_URL (or PLATFORM_CLOUD_B_URL, PLATFORM_TRIAL_INTERNAL_URL, PLATFORM_TRIAL_PUBLIC_URL) and PLATFORM_KEY: required with NODE_ENV=production. " +
        "Without them members' points would go to the built-in platform emulator, not to the AI platform. For a trial or a benchmark on the emulator, set PLATFORM_EMULATOR=on.",
    );
  }
}

/**
 * The settings of a process that starts (the server, the worker): a configuration error is its
 * message on stderr and exit code 1, not a stack trace.
 */
export function readEnvOrExit(): Env {
  try {
    return readEnv();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

/** Test-only settings, read here so that nothing else touches process.env. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}
