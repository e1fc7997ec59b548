import { spawn, type SpawnOptionsWithStdioTuple, type StdioNull, type StdioPipe } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished, vi } from 'vitest';

/**
 * `npm start` as an operator runs it: node bin/start.js, the server bundled ahead into dist/server
 * (entries and chunks; the integration set-up builds it), its embedded database started on its own
 * thread before the rest of the server loads. Stopped while it starts, as an impatient Ctrl-C or an
 * orchestrator may; and once through npm itself, stopped as `docker stop` stops a container whose
 * command is `npm start`: SIGTERM to npm.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const dataHome = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
afterAll(() => fs.rmSync(dataHome, { recursive: true, force: true }));

const lockFile = path.join(dataHome, 'data', 'pg.lock');

/** `npm start` or `node bin/start.js` on the test's DATA_DIR, its output collected and its end awaited. */
function spawnPortal(launcher: 'node' | 'npm') {
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
    PUBLIC_URL: 'http://127.0.0.1',
    PLATFORM_EMULATOR: 'on',
  };
  // In a process group of its own, so that whatever outlives a failed run is killed with it.
  const options: SpawnOptionsWithStdioTuple<StdioNull, StdioPipe, StdioPipe> = { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true };
  const child = launcher === 'node' ? spawn(process.execPath, ['bin/start.js'], options) : spawn('npm', ['start'], options);
  onTestFinished(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Nothing left of the group: the usual case.
    }
  });
  const portal = { child, output: '', exited: new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))) };
  child.stderr.on('data', (chunk: Buffer) => (portal.output += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => (portal.output += chunk.toString()));
  return portal;
}

/** The messages the portal logged, in order. */
const said = (output: string) => output.split('\n').flatMap((line) => (line.startsWith('{') ? [(JSON.parse(line) as { msg: string }).msg] : []));

async function startAndStop(launcher: 'node' | 'npm'): Promise<{ ping: unknown; exitCode: number | null; url: string }> {
  const portal = spawnPortal(launcher);
  const url = await new Promise<string>((resolve, reject) => {
    portal.child.stdout.on('data', () => {
      const ready = portal.output.split('\n').find((line) => line.includes('"portal ready"'));
      if (ready) resolve((JSON.parse(ready) as { url: string }).url);
    });
    void portal.exited.then((code) => reject(new Error(`the portal exited (${code}) before it was ready:\n${portal.output}`)));
  });
  expect((await fetch(`${url}/readyz`)).status).toBe(200);
  const ping = (await (await fetch(`${url}/trpc/system.ping`)).json()) as unknown;
  // A deployment without demo data still sells the seeded plans (issue 10 part 1).
  const onSale = (await (await fetch(`${url}/trpc/packages.onSale`)).json()) as { result: { data: { json: Array<{ pointsTenths: number }> } } };
  expect(onSale.result.data.json.map((plan) => plan.pointsTenths)).toEqual(expect.arrayContaining([400, 800]));
  portal.child.kill('SIGTERM');
  return { ping, exitCode: await portal.exited, url };
}

describe('npm start (bin/start.js, the built server)', { timeout: 240_000 }, () => {
  it('stopped while it starts on a new embedded database, finishes the start and stops cleanly; then starts again on it, answers and stops cleanly, also when SIGTERM goes to npm', async () => {
    // The lock is taken as the database starts, before migrations: SIGTERM then lands in the middle of the start.
    const starting = spawnPortal('node');
    await vi.waitFor(() => expect(fs.existsSync(lockFile)).toBe(true), { timeout: 60_000, interval: 5 });
    starting.child.kill('SIGTERM');
    expect(await starting.exited, starting.output).toBe(0);
    expect(said(starting.output)).toEqual(expect.arrayContaining(['shutting down', 'portal stopped']));
    expect(fs.existsSync(lockFile)).toBe(false);

    for (const [start, launcher] of [
      ['existing database', 'node'],
      ['existing database, through npm', 'npm'],
    ] as const) {
      const { ping, exitCode, url } = await startAndStop(launcher);
      expect(ping, start).toMatchObject({ result: { data: { json: 'pong' } } });
      expect(exitCode, start).toBe(0);
      // The portal itself stopped (not only npm): nothing answers at its address any more.
      await expect(fetch(`${url}/readyz`), start).rejects.toThrow();
    }
    expect(fs.existsSync(lockFile)).toBe(false);
  });
});
