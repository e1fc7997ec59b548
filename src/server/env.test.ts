import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

const key = Buffer.alloc(32, 7).toString('base64');
/** What a deployment needs besides the setting under test. */
const deployment = {
  NODE_ENV: 'production',
  TOTP_ENCRYPTION_KEY: key,
  PUBLIC_URL: 'https://portal.inspectra.example',
  PLATFORM_CLOUD_A_URL: 'https://cloud-a.platform.inspectra.example',
  PLATFORM_KEY: 'a-shared-platform-key',
};

describe('demo data by configuration', () => {
  it('is on for the embedded default and off with a database server', () => {
    expect(readEnv({}).SEED_DEMO).toBe(true);
    expect(readEnv({ DATABASE_URL: 'postgres://portal@db:5432/portal' }).SEED_DEMO).toBe(false);
    expect(readEnv({ DATABASE_URL: 'postgres://portal@db:5432/portal', SEED_DEMO: 'on' }).SEED_DEMO).toBe(true);
  });

  it('is off in a deployment (NODE_ENV=production), and asking for it there refuses to start with a clear message', () => {
    expect(readEnv(deployment).SEED_DEMO).toBe(false);
    expect(readEnv({ ...deployment, DATA_DIR: '/srv/portal' }).SEED_DEMO).toBe(false);
    expect(() => readEnv({ ...deployment, SEED_DEMO: 'on' })).toThrow(/SEED_DEMO: demo data is refused with NODE_ENV=production/);
    expect(() => readEnv({ ...deployment, SEED_DEMO: 'off' })).not.toThrow();
  });
});

describe('the TOTP encryption key', () => {
  it('is required in a deployment, with a message that says how to make one', () => {
    expect(() => readEnv({ ...deployment, TOTP_ENCRYPTION_KEY: undefined })).toThrow(/TOTP_ENCRYPTION_KEY: required with NODE_ENV=production.*openssl rand -base64 32/);
    expect(readEnv(deployment).TOTP_ENCRYPTION_KEY).toBe(key);
  });

  it('must be 32 bytes of base64', () => {
    expect(() => readEnv({ TOTP_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/TOTP_ENCRYPTION_KEY: must be base64 of 32 bytes/);
    expect(() => readEnv({ TOTP_ENCRYPTION_KEY: 'not a key at all, just words!!' })).toThrow(/TOTP_ENCRYPTION_KEY/);
    expect(readEnv({}).TOTP_ENCRYPTION_KEY).toBeUndefined();
  });
});

describe('a deployment (NODE_ENV=production)', () => {
  it('needs its public address: mail links would otherwise point at localhost', () => {
    expect(() => readEnv({ ...deployment, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL: required with NODE_ENV=production/);
    expect(readEnv({ ...deployment, NODE_ENV: 'development', PUBLIC_URL: undefined }).PUBLIC_URL).toBeUndefined();
  });

  it("needs the AI platform's address, or the emulator asked for by name", () => {
    const withoutPlatform = { ...deployment, PLATFORM_CLOUD_A_URL: undefined, PLATFORM_KEY: undefined };
    expect(() => readEnv(withoutPlatform)).toThrow(/PLATFORM_CLOUD_A_URL .*required with NODE_ENV=production.*PLATFORM_EMULATOR=on/s);
    expect(readEnv({ ...withoutPlatform, PLATFORM_EMULATOR: 'on' }).PLATFORM_EMULATOR).toBe(true);
    expect(readEnv({ ...deployment, PLATFORM_CLOUD_A_URL: undefined, PLATFORM_TRIAL_PUBLIC_URL: 'https://trial.platform.inspectra.example' }).PLATFORM_EMULATOR).toBe(false);
    // Outside a deployment the emulator answers when no address is set, as before.
    expect(() => readEnv({})).not.toThrow();
  });
});
