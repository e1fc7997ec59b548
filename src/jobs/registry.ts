import type { JobId } from '../server/jobs';
import type { Job } from './job';

/**
 * Every job, one line each. A job's module (and the services it calls) is loaded the first time
 * the job is queued or processed, so nothing in src/server has to import this list.
 */
export const jobModules = {
  'deliver-mail': () => import('./notifications/deliver-mail'),
  'deliver-chat-notice': () => import('./notifications/deliver-chat-notice'),
  'sweep-outbox': () => import('./notifications/sweep-outbox'),
  'purge-expired-sessions': () => import('./sessions/purge-expired-sessions'),
  'purge-stale-auth-records': () => import('./auth/purge-stale-auth-records'),
  'send-course-reminders': () => import('./courses/send-course-reminders'),
  'deliver-platform-call': () => import('./platform/deliver-platform-call'),
  'sweep-platform-deliveries': () => import('./platform/sweep-platform-deliveries'),
  'sweep-virtual-accounts': () => import('./orders/sweep-virtual-accounts'),
  'check-low-balances': () => import('./points/check-low-balances'),
} satisfies { [I in JobId]: () => Promise<{ default: Job<I> }> };

export const jobIds = Object.keys(jobModules) as JobId[];

export async function loadJob(id: JobId): Promise<Job> {
  return (await jobModules[id]()).default;
}
