import type { Deps } from '../../src/server/deps';
import { addSlot, createCourse } from '../../src/server/modules/courses/course-admin.service';
import type { CreateCourseForm } from '../../src/shared/courses';

let sequence = 0;
const HOUR = 3_600_000;

/** A fresh 8-digit course id for this test run. */
export function nextCourseId(): string {
  sequence += 1;
  return String(30_000_000 + (process.pid % 1000) * 10_000 + sequence).padStart(8, '0');
}

export async function makeCourse(deps: Pick<Deps, 'db' | 'clock'>, overrides: Partial<CreateCourseForm> = {}) {
  return createCourse(deps, null, {
    courseId: nextCourseId(),
    translations: { 'zh-TW': { name: '影像標註實作課', description: '三小時實作。' }, en: { name: 'Image labelling hands-on', description: 'Three hours, hands-on.' } },
    mode: 'inPerson',
    location: '台北市內湖區瑞光路 100 號',
    ...overrides,
  });
}

/** A slot starting `startsInHours` from now, lasting 2 hours, registration due an hour before the start. */
export async function makeSlot(deps: Pick<Deps, 'db' | 'clock'>, courseId: string, options: { startsInHours?: number; limit?: number | null; dueBeforeHours?: number } = {}) {
  const start = new Date(deps.clock().getTime() + (options.startsInHours ?? 72) * HOUR);
  start.setUTCSeconds(0, 0);
  return addSlot(deps, null, {
    courseId,
    startTime: start,
    dueTime: new Date(start.getTime() - (options.dueBeforeHours ?? 1) * HOUR),
    endTime: new Date(start.getTime() + 2 * HOUR),
    enrolleeLimit: options.limit === undefined ? 10 : options.limit,
  });
}
