import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatNotices, mailOutbox } from '../../../src/server/db/schema';
import { createMailer } from '../../../src/server/modules/notifications/mailer';
import { createNotifier } from '../../../src/server/modules/notifications/notifier';
import {
  deliverChatNotice,
  deliverMail,
  MAX_ATTEMPTS,
  queueChatNotice,
  queueMails,
  sweepOutbox,
} from '../../../src/server/modules/notifications/outbox.service';
import { submitContactMessage } from '../../../src/server/modules/messages/messages.service';
import { contactFormDefaults } from '../../../src/shared/messages';
import { makeStaff } from '../../factories/staff';
import { startLineEmulator } from '../../fixtures/line-emulator';
import { openTestServices, type TestServices } from '../../fixtures/services';
import { startSmtpPeer } from '../../fixtures/smtp';

let services: TestServices;
let now = new Date('2026-11-22T09:00:00Z');
beforeAll(async () => {
  services = await openTestServices({ clock: () => now });
});
afterAll(() => services?.close());

async function mailRow(id: string) {
  const [row] = await services.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row!;
}

async function queueOneMail(recipient = 'service@inspectra.example') {
  const [id] = await queueMails(services.deps.db, [{ kind: 'test', recipient, subject: '新的客服留言 #1', body: '沖壓件刮傷檢測' }], now);
  return id!;
}

describe('mail delivery', () => {
  it('redacts the mailed link in the stored body once the mail went out, and keeps it in a mail only recorded', async () => {
    const token = 'k'.repeat(40) + 'A_-';
    const body = `請在 1 小時內開啟以下連結：\n\nhttps://portal.inspectra.example/reset-password#token=${token}\n`;
    const peer = await startSmtpPeer();
    try {
      const deps = { ...services.deps, mailer: createMailer({ smtpUrl: peer.url, from: 'Inspectra <no-reply@inspectra.example>' }) };
      const [sent] = await queueMails(services.deps.db, [{ kind: 'account.reset-password', recipient: 'lin.zm@chenghong-parts.example', subject: '重設密碼', body }], now);
      expect(await deliverMail(deps, sent!)).toBe('sent');
      expect(peer.received[0]!.raw).toContain(token);
      expect((await mailRow(sent!)).body).toBe(body.replace(token, '[sent]'));
    } finally {
      await peer.close();
    }
    const [recorded] = await queueMails(services.deps.db, [{ kind: 'account.reset-password', recipient: 'lin.zm@chenghong-parts.example', subject: '重設密碼', body }], now);
    expect(await deliverMail(services.deps, recorded!)).toBe('recorded');
    expect((await mailRow(recorded!)).body).toBe(body);
  });

  it('delivers a queued mail to a real SMTP peer and marks it sent', async () => {
    const peer = await startSmtpPeer();
    try {
      const deps = { ...services.deps, mailer: createMailer({ smtpUrl: peer.url, from: 'Inspectra <no-reply@inspectra.example>' }) };
      const id = await queueOneMail();
      expect(await deliverMail(deps, id)).toBe('sent');
      expect(peer.received).toHaveLength(1);
      expect(peer.received[0]!.to).toEqual(['service@inspectra.example']);
      expect(peer.received[0]!.raw).toMatch(/Subject: =\?UTF-8\?/);
      expect(await mailRow(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      // A second delivery of the same row sends nothing more.
      expect(await deliverMail(deps, id)).toBe('not-due');
      expect(peer.received).toHaveLength(1);
    } finally {
      await peer.close();
    }
  });

  it('records a mail without sending it when no SMTP server is configured', async () => {
    const id = await queueOneMail();
    expect(await deliverMail(services.deps, id)).toBe('recorded');
    expect(await mailRow(id)).toMatchObject({ status: 'recorded' });
  });

  it('keeps a refused mail for a later try with a growing delay, then gives up', async () => {
    const peer = await startSmtpPeer({ rejectWith: 'mailbox busy' });
    try {
      const deps = { ...services.deps, mailer: createMailer({ smtpUrl: peer.url, from: 'no-reply@inspectra.example' }) };
      const id = await queueOneMail();
      expect(await deliverMail(deps, id)).toBe('retry');
      const first = await mailRow(id);
      expect(first).toMatchObject({ status: 'pending', attempts: 1 });
      expect(first.lastError).toContain('mailbox busy');
      expect(first.nextAttemptAt.getTime() - now.getTime()).toBe(30_000);
      // Not due yet: nothing happens.
      expect(await deliverMail(deps, id)).toBe('not-due');
      for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
        now = new Date((await mailRow(id)).nextAttemptAt.getTime());
        await deliverMail(deps, id);
      }
      expect(await mailRow(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    } finally {
      await peer.close();
    }
  });

  it('sends a mail once when several workers deliver it at the same time', async () => {
    const peer = await startSmtpPeer();
    try {
      const deps = { ...services.deps, mailer: createMailer({ smtpUrl: peer.url, from: 'no-reply@inspectra.example' }) };
      const id = await queueOneMail();
      const results = await Promise.all(Array.from({ length: 8 }, () => deliverMail(deps, id)));
      expect(results.filter((result) => result === 'sent')).toHaveLength(1);
      expect(peer.received).toHaveLength(1);
    } finally {
      await peer.close();
    }
  });
});

describe('chat notices through the LINE Messaging API', () => {
  it('pushes the notice with the channel token and retries after a server error', async () => {
    const line = await startLineEmulator({ token: 'channel-token-1', failNext: 1 });
    try {
      const deps = { ...services.deps, notifier: createNotifier({ channelToken: 'channel-token-1', to: 'Cgroup123', apiUrl: line.url }) };
      const id = await queueChatNotice(services.deps.db, 'test', '[Inspectra] 新的客服留言 #7', now);
      expect(await deliverChatNotice(deps, id)).toBe('retry');
      expect(line.pushed).toHaveLength(0);
      now = new Date(now.getTime() + 30_000);
      expect(await deliverChatNotice(deps, id)).toBe('sent');
      expect(line.pushed).toEqual([{ to: 'Cgroup123', text: '[Inspectra] 新的客服留言 #7' }]);
      const [row] = await services.deps.db.select().from(chatNotices).where(eq(chatNotices.id, id));
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await line.close();
    }
  });

  it('keeps a notice refused for a wrong token as a failed try', async () => {
    const line = await startLineEmulator({ token: 'right' });
    try {
      const deps = { ...services.deps, notifier: createNotifier({ channelToken: 'wrong', to: 'Cgroup123', apiUrl: line.url }) };
      const id = await queueChatNotice(services.deps.db, 'test', 'hello', now);
      expect(await deliverChatNotice(deps, id)).toBe('retry');
      const [row] = await services.deps.db.select().from(chatNotices).where(eq(chatNotices.id, id));
      expect(row!.lastError).toContain('401');
    } finally {
      await line.close();
    }
  });
});

describe('delivery by the job queue', () => {
  it('schedules the sweep and purges, mails staff about a contact message through Agenda, and the sweep catches rows whose job was lost', async () => {
    const peer = await startSmtpPeer();
    now = new Date();
    const deps = { ...services.deps, clock: () => new Date(), mailer: createMailer({ smtpUrl: peer.url, from: 'no-reply@inspectra.example' }) };
    try {
      const agent = await makeStaff(services.deps.db, { permissions: ['customer_service'] });
      await services.jobs.start(deps);
      const recurring = await services.database.pool.query<{ name: string; repeat_interval: string }>(
        'select name, repeat_interval from agenda_jobs where repeat_interval is not null order by name',
      );
      expect(recurring.rows).toEqual([
        { name: 'check-low-balances', repeat_interval: '5 minutes' },
        { name: 'purge-expired-sessions', repeat_interval: '1 hour' },
        { name: 'purge-stale-auth-records', repeat_interval: '1 hour' },
        { name: 'send-course-reminders', repeat_interval: '10 minutes' },
        { name: 'sweep-outbox', repeat_interval: '30 seconds' },
        { name: 'sweep-platform-deliveries', repeat_interval: '30 seconds' },
        { name: 'sweep-virtual-accounts', repeat_interval: '1 minute' },
      ]);
      await submitContactMessage(deps, { ...contactFormDefaults, firstName: 'Ana', lastName: 'Lee', email: 'ana@lee-tools.example', phone: '0912 345 678', description: 'Counting screws per tray.' }, 'en');
      await expect.poll(() => peer.received.filter((mail) => mail.to.includes(agent.email)).length, { timeout: 15_000, interval: 200 }).toBe(1);
      expect(peer.received.find((mail) => mail.to.includes(agent.email))!.raw).toContain('ana@lee-tools.example');

      // A row committed without a job (say the process died right after the commit) is found by the sweep.
      const orphan = await queueOneMail(agent.email);
      expect(await sweepOutbox(deps)).toBeGreaterThanOrEqual(1);
      expect(await mailRow(orphan)).toMatchObject({ status: 'sent' });
    } finally {
      await services.jobs.stop();
      await peer.close();
    }
  });
});
