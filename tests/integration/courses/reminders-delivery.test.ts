import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import reminderJob from '../../../src/jobs/courses/send-course-reminders';
import { courseEnrollees } from '../../../src/server/db/schema';
import { createMailer } from '../../../src/server/modules/notifications/mailer';
import { deliverMail } from '../../../src/server/modules/notifications/outbox.service';
import { makeCourse, makeSlot } from '../../factories/courses';
import { makeMember } from '../../factories/members';
import { mailsTo } from '../../fixtures/mails';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';
import { startSmtpPeer } from '../../fixtures/smtp';

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

async function enrolled(startsInHours: number, language: 'zh-TW' | 'en' = 'zh-TW') {
  const course = await makeCourse(services.deps);
  const slot = await makeSlot(services.deps, course.courseId, { startsInHours, dueBeforeHours: 0.5 });
  const member = await makeMember(services.deps.db, { language });
  await callerFor(services.deps, { kind: 'member', userId: member.id }).courses.register({ slotId: slot.id });
  return { course, slot, member };
}

describe('the reminder job', () => {
  it('mails each member once a day before the class, however often it runs, even twice at once', async () => {
    const soon = await enrolled(20, 'en');
    const later = await enrolled(30);

    await Promise.all([reminderJob.handler(services.deps, {}), reminderJob.handler(services.deps, {})]);
    await reminderJob.handler(services.deps, {});

    const reminders = await mailsTo(services.deps.db, soon.member.email, 'course.reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe('[Inspectra] Your class starts soon: Image labelling hands-on');
    expect(reminders[0]!.attachments[0]!.content).toContain('BEGIN:VCALENDAR');
    expect(await mailsTo(services.deps.db, later.member.email, 'course.reminder')).toHaveLength(0);
    const [seat] = await services.deps.db.select().from(courseEnrollees).where(eq(courseEnrollees.userId, soon.member.id));
    expect(seat!.remindedAt).not.toBeNull();

    // A day later, the second class is due for its reminder; the first gets none again.
    const tomorrow = { ...services.deps, clock: () => new Date(Date.now() + 10 * 3_600_000) };
    expect(await reminderJob.handler(tomorrow, {})).toBe(1);
    expect(await reminderJob.handler(tomorrow, {})).toBe(0);
    expect(await mailsTo(services.deps.db, later.member.email, 'course.reminder')).toHaveLength(1);
    expect(await mailsTo(services.deps.db, soon.member.email, 'course.reminder')).toHaveLength(1);
  });

  it('runs every ten minutes in every process that runs jobs', () => {
    expect(reminderJob).toMatchObject({ id: 'send-course-reminders', every: '10 minutes' });
  });
});

describe('delivery', () => {
  it('sends the registration mail to a real SMTP peer with the calendar file attached', async () => {
    const peer = await startSmtpPeer();
    try {
      const { member, slot } = await enrolled(72);
      const [mail] = await mailsTo(services.deps.db, member.email, 'course.registered');
      const deps = { ...services.deps, mailer: createMailer({ smtpUrl: peer.url, from: 'Inspectra <no-reply@inspectra.example>' }) };
      expect(await deliverMail(deps, mail!.id)).toBe('sent');
      const raw = peer.received.find((received) => received.to.includes(member.email))!.raw;
      expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8/i);
      expect(raw).toMatch(/filename=course-\d{8}\.ics/);
      const encoded = raw.split(/filename=course-\d{8}\.ics/)[1]!;
      const body = encoded.split(/\r?\n\r?\n/)[1]!.replace(/\s/g, '');
      expect(Buffer.from(body, 'base64').toString('utf8')).toContain(`UID:course-${slot.id}@inspectra`);
    } finally {
      await peer.close();
    }
  });
});
