import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('demo data by configuration', () => {
  it('is on for the embedded default and off with a database server', () => {
    expect(readEnv({}).SEED_DEMO).toBe(true);
    expect(readEnv({ DATABASE_URL: 'postgres://portal@db:5432/portal' }).SEED_DEMO).toBe(false);
    expect(readEnv({ DATABASE_URL: 'postgres://portal@db:5432/portal', SEED_DEMO: 'on' }).SEED_DEMO).toBe(true);
  });

  it('is off in a deployment (NODE_ENV=production), and asking for it there refuses to start with a clear message', () => {
    expect(readEnv({ NODE_ENV: 'production' }).SEED_DEMO).toBe(false);
    expect(readEnv({ NODE_ENV: 'production', DATA_DIR: '/srv/portal' }).SEED_DEMO).toBe(false);
    expect(() => readEnv({ NODE_ENV: 'production', SEED_DEMO: 'on' })).toThrow(/SEED_DEMO: demo data is refused with NODE_ENV=production/);
    expect(() => readEnv({ NODE_ENV: 'production', SEED_DEMO: 'off' })).not.toThrow();
  });
});
