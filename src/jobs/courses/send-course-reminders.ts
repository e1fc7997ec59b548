import { z } from 'zod';
import { sendDueReminders } from '../../server/modules/courses/reminders.service';
import { defineJob } from '../job';

const payload = z.object({}).default({});

declare module '../../server/jobs' {
  interface JobPayloads {
    'send-course-reminders': z.input<typeof payload>;
  }
}

/** Reminder mails a day before each class; safe to run twice (a seat is reminded once). */
export default defineJob({ id: 'send-course-reminders', payload, handler: (deps) => sendDueReminders(deps), every: '10 minutes' });
