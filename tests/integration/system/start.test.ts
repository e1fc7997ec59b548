import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm start` as an operator runs it: node bin/start.js, the server bundled ahead into dist/server
 * (entries and chunks; the integration set-up builds it), its embedded database started on its own
 * thread before the rest of the server loads.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const dataHome = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
afterAll(() => fs.rmSync(dataHome, { recursive: true, force: true }));

async function startAndStop(): Promise<{ ping: unknown; exitCode: number | null }> {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'production',
    SEED_DEMO: 'off',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: path.join(dataHome, 'data'),
    TOTP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  };
  const child = spawn(process.execPath, ['bin/start.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = output.split('\n').find((line) => line.includes('"portal ready"'));
      if (ready) resolve((JSON.parse(ready) as { url: string }).url);
    });
    void exited.then((code) => reject(new Error(`the portal exited (${code}) before it was ready:\n${output}`)));
  });
  expect((await fetch(`${url}/readyz`)).status).toBe(200);
  const ping = (await (await fetch(`${url}/trpc/system.ping`)).json()) as unknown;
  child.kill('SIGTERM');
  return { ping, exitCode: await exited };
}

describe('npm start (bin/start.js, the built server)', { timeout: 240_000 }, () => {
  it('starts on a new embedded database and again on the same one, answers, and stops cleanly each time', async () => {
    for (const start of ['new database', 'existing database']) {
      const { ping, exitCode } = await startAndStop();
      expect(ping, start).toMatchObject({ result: { data: { json: 'pong' } } });
      expect(exitCode, start).toBe(0);
    }
    expect(fs.existsSync(path.join(dataHome, 'data', 'pg.lock'))).toBe(false);
  });
});
