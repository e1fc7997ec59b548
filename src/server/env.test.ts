import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

const key = Buffer.alloc(32, 7).toString('base64');

describe('demo data by configuration', () => {
  it('is on for the embedded default and off with a database server', () => {
    expect(readEnv({}).SEED_DEMO).toBe(true);
    expect(readEnv({ DATABASE_URL: 'postgres://portal@db:5432/portal' }).SEED_DEMO).toBe(false);
    expect(readEnv({ DATABASE_URL: 'postgres://portal@db:5432/portal', SEED_DEMO: 'on' }).SEED_DEMO).toBe(true);
  });

  it('is off in a deployment (NODE_ENV=production), and asking for it there refuses to start with a clear message', () => {
    expect(readEnv({ NODE_ENV: 'production', TOTP_ENCRYPTION_KEY: key }).SEED_DEMO).toBe(false);
    expect(readEnv({ NODE_ENV: 'production', DATA_DIR: '/srv/portal', TOTP_ENCRYPTION_KEY: key }).SEED_DEMO).toBe(false);
    expect(() => readEnv({ NODE_ENV: 'production', SEED_DEMO: 'on', TOTP_ENCRYPTION_KEY: key })).toThrow(/SEED_DEMO: demo data is refused with NODE_ENV=production/);
    expect(() => readEnv({ NODE_ENV: 'production', SEED_DEMO: 'off', TOTP_ENCRYPTION_KEY: key })).not.toThrow();
  });
});

describe('the TOTP encryption key', () => {
  it('is required in a deployment, with a message that says how to make one', () => {
    expect(() => readEnv({ NODE_ENV: 'production' })).toThrow(/TOTP_ENCRYPTION_KEY: required with NODE_ENV=production.*openssl rand -base64 32/);
    expect(readEnv({ NODE_ENV: 'production', TOTP_ENCRYPTION_KEY: key }).TOTP_ENCRYPTION_KEY).toBe(key);
  });

  it('must be 32 bytes of base64', () => {
    expect(() => readEnv({ TOTP_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/TOTP_ENCRYPTION_KEY: must be base64 of 32 bytes/);
    expect(() => readEnv({ TOTP_ENCRYPTION_KEY: 'not a key at all, just words!!' })).toThrow(/TOTP_ENCRYPTION_KEY/);
    expect(readEnv({}).TOTP_ENCRYPTION_KEY).toBeUndefined();
  });
});
