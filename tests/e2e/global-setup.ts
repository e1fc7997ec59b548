import express from 'express';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { readEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/logger';
import { startPortal } from '../../src/server/portal';
import { startSmtpPeer } from '../fixtures/smtp';

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

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const env = readEnv({ PORT: '0', DATA_DIR: dataDir, SMTP_URL: smtp.url, LOG_LEVEL: 'warn', NODE_ENV: 'production' });
  const portal = await startPortal(env, createLogger(env.LOG_LEVEL, 'e2e'));

  process.env.E2E_BASE_URL = portal.url;
  process.env.E2E_MAILBOX_URL = `http://127.0.0.1:${(mailboxServer.address() as AddressInfo).port}`;

  return async () => {
    await portal.stop();
    mailboxServer.close();
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
