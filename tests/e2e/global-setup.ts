import express from 'express';
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { readEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/logger';
import { startPortal } from '../../src/server/portal';
import { startSmtpPeer } from '../fixtures/smtp';
import { createStaff } from '../../src/server/modules/staff/staff.service';
import { newcomerPassword } from './staff-support';

/**
 * Starts, for the whole run: a real SMTP peer on loopback (its mails readable as JSON over HTTP,
 * since tests run in other processes), and the built portal on a new embedded database that mails
 * through that peer. Tests find them through E2E_BASE_URL and E2E_MAILBOX_URL.
 */
export default async function globalSetup() {
  const smtp = await startSmtpPeer();
  const mailbox = express();
  mailbox.get('/mails', (_req, res) => res.json(smtp.received));
  const mailboxServer = mailbox.listen(0, '127.0.0.1');
  await new Promise((resolve) => mailboxServer.once('listening', resolve));

  // Links in mails point at PUBLIC_URL, so each portal gets a known port. Tests sign in from their
  // own X-Forwarded-For address (trusted from loopback) so that per-address limits hold per test.
  async function start(name: string, extra: Record<string, string> = {}) {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-e2e-${name}-`));
    const env = readEnv({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: 'loopback',
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      // The embedded default, as `npm start` runs it: demo data on (an explicit NODE_ENV=production refuses it).
      SEED_DEMO: 'on',
      ...extra,
    });
    return { portal: await startPortal(env, createLogger(env.LOG_LEVEL, `e2e-${name}`)), dataDir };
  }
  // The second portal's sessions end after 3 idle seconds, for the idle time-out test. Both start
  // side by side: each builds a new embedded database on a thread of its own.
  const [main, shortSessions] = await Promise.all([start('main'), start('short-sessions', { SESSION_IDLE_SECONDS: '3' })]);

  // Staff without an authenticator, whose first sign-in enrols one (admin-totp.spec.ts, which like
  // every back-office flow runs at desktop width only: playwright.config.ts).
  await createStaff(main.portal.services.deps.db, { email: 'newcomer-desktop@inspectra.example', name: 'Newcomer desktop', password: newcomerPassword, permissions: [] });
  // Steps of the demo staff's authenticators handed out so far (staff-support.ts): each code works once.
  process.env.E2E_TOTP_CLAIMS = path.join(main.dataDir, 'e2e-totp-claims.json');
  process.env.E2E_BASE_URL = main.portal.url;
  process.env.E2E_SHORT_SESSION_URL = shortSessions.portal.url;
  process.env.E2E_MAILBOX_URL = `http://127.0.0.1:${(mailboxServer.address() as AddressInfo).port}`;

  return async () => {
    await shortSessions.portal.stop();
    fs.rmSync(shortSessions.dataDir, { recursive: true, force: true });
    const { portal, dataDir } = main;
    await portal.stop();
    mailboxServer.close();
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
