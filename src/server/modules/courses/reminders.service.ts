import { reminderLeadMs } from '../../../shared/courses';
import { isLanguage } from '../../../shared/languages';
import type { Deps } from '../../deps';
import { userById } from '../accounts/users.service';
import { queueMails, scheduleDelivery } from '../notifications/outbox.service';
import { memberMail } from './courses.mail';
import { findCourse, findUnremindedSeats, markReminded } from './courses.repository';

/**
 * Mails a reminder to every member whose class starts within the next 24 hours. Each seat is marked
 * reminded in the transaction that queues its mail, with a conditional update, so a second run (or
 * two workers at once) sends no second reminder. Returns how many reminders were queued.
 */
export async function sendDueReminders(deps: Deps, batch = 200): Promise<number> {
  const now = deps.clock();
  const due = await findUnremindedSeats(deps.db, now, new Date(now.getTime() + reminderLeadMs), batch);
  let sent = 0;
  for (const { enrollee, slot } of due) {
    const mailIds = await deps.db.transaction(async (tx) => {
      if (!(await markReminded(tx, enrollee.id, now))) return [];
      const course = await findCourse(tx, slot.courseId);
      const user = await userById(tx, enrollee.userId);
      if (!course || !user) return [];
      const language = isLanguage(user.language) ? user.language : 'zh-TW';
      const mail = memberMail({ kind: 'reminder', course, slot, language, name: user.name, brand: deps.config.BRAND_NAME, publicUrl: deps.config.PUBLIC_URL });
      return queueMails(tx, [{ kind: 'course.reminder', recipient: user.email, ...mail }], now);
    });
    sent += mailIds.length;
    await scheduleDelivery(deps, { mailIds, noticeIds: [] });
  }
  return sent;
}
