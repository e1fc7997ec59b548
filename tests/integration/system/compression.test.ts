import fs from 'node:fs';
import http from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import superjson from 'superjson';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from '../../../src/server/http/app';
import { serveBuiltApp } from '../../../src/server/http/web';
import { makeMember } from '../../factories/members';
import { openTestServices, type TestServices } from '../../fixtures/services';

/** A raw answer: the bytes as they crossed the wire, before any decompression. */
interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(url: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

let services: TestServices;
let server: Server;
let base: string;
let buildDir: string;
/** The entry script and stylesheet that the built index.html references. */
let entryScript: string;
let stylesheet: string;

beforeAll(async () => {
  // The real build (project config, so the real precompression step) into a directory of this test's own.
  buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-build-'));
  await build({ configFile: path.resolve('vite.config.ts'), logLevel: 'silent', build: { outDir: buildDir, emptyOutDir: true } });
  const html = fs.readFileSync(path.join(buildDir, 'index.html'), 'utf8');
  entryScript = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
  stylesheet = /<link[^>]+href="(\/assets\/[^"]+\.css)"/.exec(html)![1]!;

  services = await openTestServices();
  const app = createHttpApp(services.deps, { ready: true }, { development: false });
  serveBuiltApp(app.express, { brand: 'Inspectra', shopUrl: 'https://shop.inspectra.example' }, services.deps, buildDir);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  server?.close();
  await services?.close();
  if (buildDir) fs.rmSync(buildDir, { recursive: true, force: true });
});

describe('hashed build assets', () => {
  it('come brotli-compressed when the browser takes brotli, cached for a year and immutable', async () => {
    const original = fs.readFileSync(path.join(buildDir, entryScript));
    const response = await request(`${base}${entryScript}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    // Fewer bytes on the wire, the same script once decoded.
    expect(response.body.length).toBeLessThan(original.length / 2);
    expect(brotliDecompressSync(response.body).equals(original)).toBe(true);
  });

  it('come gzip-compressed to a browser without brotli, and as they are to one that takes neither', async () => {
    const original = fs.readFileSync(path.join(buildDir, stylesheet));
    const gzipped = await request(`${base}${stylesheet}`, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toMatch(/^text\/css/);
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gzipped.body).equals(original)).toBe(true);

    const plain = await request(`${base}${stylesheet}`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body.equals(original)).toBe(true);
  });

  it('answers an asset that does not exist with 404, not the app shell', async () => {
    const response = await request(`${base}/assets/no-such-chunk-abc123.js`, { 'accept-encoding': 'br' });
    expect(response.status).toBe(404);
    expect(response.body.toString()).not.toContain('<div id="root">');
  });
});

describe('answers compressed on the fly', () => {
  it('compresses an API answer and never lets a cache keep a signed-in member’s answer', async () => {
    const member = await makeMember(services.deps.db);
    const signIn = await request(
      `${base}/trpc/auth.signIn`,
      { 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
      'POST',
      JSON.stringify(superjson.serialize({ email: member.email, password: member.password })),
    );
    expect(signIn.status).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    const cookie = String(signIn.headers['set-cookie']![0]).split(';')[0]!;

    const input = encodeURIComponent(JSON.stringify(superjson.serialize(undefined)));
    const profile = await request(`${base}/trpc/accounts.profile?input=${input}`, { cookie, 'accept-encoding': 'gzip' });
    expect(profile.status).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    const text = profile.headers['content-encoding'] === 'gzip' ? gunzipSync(profile.body).toString() : profile.body.toString();
    expect(text).toContain(member.email);
  });

  it('compresses an answer over 1 KB with brotli or gzip, as the browser asks', async () => {
    // Forty pings in one batch: an answer of about 1.6 KB.
    const calls = Array.from({ length: 40 }, () => 'system.ping').join(',');
    const input = encodeURIComponent(JSON.stringify({}));
    const url = `${base}/trpc/${calls}?batch=1&input=${input}`;
    const plain = await request(url, { 'accept-encoding': 'identity' });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const brotli = await request(url, { 'accept-encoding': 'gzip, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('no-store');
    expect(brotli.body.length).toBeLessThan(plain.body.length / 4);
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);

    const gzip = await request(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it('sends an answer under 1 KB as it is, with its length, even to a browser that takes brotli', async () => {
    const ping = await request(`${base}/trpc/system.ping`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(ping.status).toBe(200);
    expect(ping.headers['content-encoding']).toBeUndefined();
    expect(ping.headers['content-length']).toBe(String(ping.body.length));
    expect(JSON.parse(ping.body.toString())).toMatchObject({ result: { data: { json: expect.anything() } } });
    expect(ping.headers['cache-control']).toBe('no-store');
  });

  it('sends the app shell for revalidation, never as immutable', async () => {
    const shell = await request(`${base}/`, { 'accept-encoding': 'gzip' });
    expect(shell.status).toBe(200);
    expect(shell.headers['cache-control']).toBe('no-cache');
  });
});
