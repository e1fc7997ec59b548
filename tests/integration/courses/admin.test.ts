import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, courseTimes } from '../../../src/server/db/schema';
import type { CreateCourseForm } from '../../../src/shared/courses';
import { makeCourse, makeSlot, nextCourseId } from '../../factories/courses';
import { makeMember } from '../../factories/members';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { mailsTo } from '../../fixtures/mails';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
let admin: ReturnType<typeof callerFor>;
let adminEmail: string;
beforeAll(async () => {
  services = await openTestServices();
  const teacher = await makeStaff(services.deps.db, { permissions: ['manage_course'] });
  adminEmail = teacher.email;
  admin = callerFor(services.deps, { kind: 'staff', staffId: teacher.id });
});
afterAll(() => services?.close());

const HOUR = 3_600_000;
const form = (overrides: Partial<CreateCourseForm> = {}): CreateCourseForm => ({
  courseId: nextCourseId(),
  translations: { 'zh-TW': { name: '資料型專案入門', description: '' }, ja: { name: 'データ型プロジェクト入門' } },
  mode: 'online',
  meetingUrl: 'https://meet.inspectra.example/data-101',
  ...overrides,
});

async function rowCounts() {
  return { courses: (await services.deps.db.select().from(courses)).length, slots: (await services.deps.db.select().from(courseTimes)).length };
}

describe('staff procedures need manage_course', () => {
  it('refuses visitors, members and staff without the permission on every procedure', async () => {
    const course = await makeCourse(services.deps);
    const slot = await makeSlot(services.deps, course.courseId);
    const member = await makeMember(services.deps.db);
    const service = await makeStaff(services.deps.db, { permissions: ['customer_service'] });
    const retired = await makeStaff(services.deps.db, { permissions: ['manage_course'], disabled: true });
    const superStaff = await makeStaff(services.deps.db, { super: true });
    // Each call starts only when awaited, so that no refusal goes unhandled while an earlier one is checked.
    const calls = (caller: ReturnType<typeof callerFor>) => [
      () => caller.courses.admin.list(),
      () => caller.courses.admin.get({ courseId: course.courseId }),
      () => caller.courses.admin.create(form()),
      () => caller.courses.admin.update({ ...course, status: 0 }),
      () => caller.courses.admin.addSlot({ courseId: course.courseId, startTime: new Date(Date.now() + 50 * HOUR), dueTime: new Date(Date.now() + 49 * HOUR), endTime: new Date(Date.now() + 51 * HOUR) }),
      () => caller.courses.admin.updateSlot({ slotId: slot.id, startTime: slot.startTime, dueTime: slot.dueTime, endTime: slot.endTime, enrolleeLimit: 5 }),
      () => caller.courses.admin.setSlotStatus({ slotId: slot.id, status: 1 }),
      () => caller.courses.admin.enrollees({ slotId: slot.id }),
      () => caller.courses.admin.exportEnrollees({ slotId: slot.id }),
      () => caller.courses.admin.cancelForMember({ slotId: slot.id, userId: member.id, reason: 8 }),
    ];
    const before = await rowCounts();
    for (const call of calls(callerFor(services.deps))) expect(await failure(call())).toMatchObject({ trpcCode: 'UNAUTHORIZED', code: 'MissingAuthentication' });
    for (const call of calls(callerFor(services.deps, { kind: 'member', userId: member.id }))) expect(await failure(call())).toMatchObject({ code: 'MissingAuthentication' });
    for (const call of calls(callerFor(services.deps, { kind: 'staff', staffId: service.id }))) {
      expect(await failure(call())).toMatchObject({ trpcCode: 'FORBIDDEN', code: 'Unauthorized', params: { action: 'manage_course', reason: 'missingPermission' } });
    }
    for (const call of calls(callerFor(services.deps, { kind: 'staff', staffId: retired.id }))) expect(await failure(call())).toMatchObject({ code: 'Unauthorized', params: { reason: 'notStaff' } });
    expect(await rowCounts()).toEqual(before);
    expect((await callerFor(services.deps, { kind: 'staff', staffId: superStaff.id }).courses.admin.list()).items.length).toBeGreaterThan(0);
  });
});

describe('courses', () => {
  it('creates a course with an 8-digit id, status open, texts per language; edits and archives it', async () => {
    const input = form();
    const created = await admin.courses.admin.create(input);
    expect(created).toMatchObject({ courseId: input.courseId, status: 0, mode: 'online', meetingUrl: 'https://meet.inspectra.example/data-101', slots: [] });
    expect(created.translations).toEqual({ 'zh-TW': { name: '資料型專案入門', description: '' }, ja: { name: 'データ型プロジェクト入門', description: '' } });
    expect(await failure(admin.courses.admin.create(form({ courseId: input.courseId })))).toMatchObject({ trpcCode: 'CONFLICT', code: 'CourseIdTaken' });

    const edited = await admin.courses.admin.update({ ...created, mode: 'inPerson', location: '新竹科學園區 研發一路 2 號', status: 9 });
    expect(edited).toMatchObject({ status: 9, mode: 'inPerson', location: '新竹科學園區 研發一路 2 號' });
    expect(await failure(admin.courses.admin.update({ ...created, courseId: '99999998' }))).toMatchObject({ code: 'CourseNotFound' });
    expect((await admin.courses.admin.get({ courseId: input.courseId })).status).toBe(9);
  });

  it('refuses bad course input with field errors and stores nothing', async () => {
    const before = await rowCounts();
    expect(await failure(admin.courses.admin.create(form({ courseId: '1234567' })))).toMatchObject({ code: 'InvalidInput', fieldErrors: { courseId: ['validation.courseId'] } });
    expect(await failure(admin.courses.admin.create(form({ translations: { 'zh-TW': { name: ' ' } } })))).toMatchObject({ fieldErrors: { 'translations.zh-TW.name': ['validation.required'] } });
    expect(await failure(admin.courses.admin.create(form({ meetingUrl: '' })))).toMatchObject({ fieldErrors: { meetingUrl: ['validation.required'] } });
    expect(await failure(admin.courses.admin.create(form({ meetingUrl: 'javascript:alert(1)' })))).toMatchObject({ fieldErrors: { meetingUrl: ['validation.url'] } });
    expect(await failure(admin.courses.admin.create(form({ mode: 'inPerson', location: '' })))).toMatchObject({ fieldErrors: { location: ['validation.required'] } });
    expect(await failure(admin.courses.admin.create(form({ mode: 'hybrid' as never })))).toMatchObject({ code: 'InvalidInput' });
    expect(await rowCounts()).toEqual(before);
  });
});

describe('time slots', () => {
  it('adds a slot (status open, seats default to the class limit of 15), refuses one at the same start, closes and reopens it', async () => {
    const course = await makeCourse(services.deps);
    const start = new Date(Date.now() + 48 * HOUR);
    const slot = await admin.courses.admin.addSlot({ courseId: course.courseId, startTime: start, dueTime: new Date(start.getTime() - HOUR), endTime: new Date(start.getTime() + 3 * HOUR) });
    expect(slot).toMatchObject({ status: 0, seats: 15, enrolleeLimit: null, enrolled: 0, enrollmentOpen: true });
    expect(await failure(admin.courses.admin.addSlot({ courseId: course.courseId, startTime: start, dueTime: start, endTime: new Date(start.getTime() + HOUR) }))).toMatchObject({
      code: 'InvalidInput',
      fieldErrors: { startTime: ['validation.slotTaken'] },
    });
    expect(await admin.courses.admin.setSlotStatus({ slotId: slot.id, status: 1 })).toMatchObject({ status: 1, enrollmentOpen: false });
    expect(await admin.courses.admin.setSlotStatus({ slotId: slot.id, status: 0 })).toMatchObject({ status: 0, enrollmentOpen: true });
    expect(await failure(admin.courses.admin.addSlot({ courseId: '99999997', startTime: start, dueTime: start, endTime: new Date(start.getTime() + HOUR) }))).toMatchObject({ code: 'CourseNotFound' });
  });

  it('refuses a class over 3 hours, an end before the start, a due time after the start and more than 15 seats', async () => {
    const course = await makeCourse(services.deps);
    const start = new Date(Date.now() + 48 * HOUR);
    const before = await rowCounts();
    const slot = (overrides: object) => admin.courses.admin.addSlot({ courseId: course.courseId, startTime: start, dueTime: start, endTime: new Date(start.getTime() + HOUR), ...overrides });
    expect(await failure(slot({ endTime: new Date(start.getTime() + 3 * HOUR + 60_000) }))).toMatchObject({ fieldErrors: { endTime: ['validation.classTooLong'] } });
    expect(await failure(slot({ endTime: start }))).toMatchObject({ fieldErrors: { endTime: ['validation.endAfterStart'] } });
    expect(await failure(slot({ dueTime: new Date(start.getTime() + 1) }))).toMatchObject({ fieldErrors: { dueTime: ['validation.dueBeforeStart'] } });
    expect(await failure(slot({ enrolleeLimit: 16 }))).toMatchObject({ fieldErrors: { enrolleeLimit: ['validation.enrolleeLimit'] } });
    expect(await failure(slot({ enrolleeLimit: 0 }))).toMatchObject({ fieldErrors: { enrolleeLimit: ['validation.enrolleeLimit'] } });
    expect(await failure(slot({ startTime: 'tomorrow' }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { startTime: ['validation.required'] } });
    expect(await failure(admin.courses.admin.setSlotStatus({ slotId: '00000000-0000-4000-8000-000000000000', status: 1 }))).toMatchObject({ code: 'CourseTimeNotFound' });
    expect(await failure(admin.courses.admin.setSlotStatus({ slotId: '00000000-0000-4000-8000-000000000000', status: 5 as never }))).toMatchObject({ code: 'InvalidInput' });
    expect(await rowCounts()).toEqual(before);
  });
});

describe('enrollees', () => {
  it('lists enrollees and the waitlist, exports them as Big5 and UTF-8 CSV, and cancels a seat for a member with a reason', async () => {
    const course = await makeCourse(services.deps);
    const slot = await makeSlot(services.deps, course.courseId, { limit: 1 });
    const seated = await makeMember(services.deps.db);
    const waiting = await makeMember(services.deps.db);
    await callerFor(services.deps, { kind: 'member', userId: seated.id }).courses.register({ slotId: slot.id });
    await callerFor(services.deps, { kind: 'member', userId: waiting.id }).courses.register({ slotId: slot.id, whenFull: 'waitlist' });

    const list = await admin.courses.admin.enrollees({ slotId: slot.id });
    expect(list.enrollees).toEqual([expect.objectContaining({ userId: seated.id, email: seated.email, name: seated.name, companyName: expect.stringContaining('精密光學') })]);
    expect(list.waitlist).toEqual([expect.objectContaining({ userId: waiting.id, position: 1 })]);

    const big5 = await admin.courses.admin.exportEnrollees({ slotId: slot.id, encoding: 'big5' });
    expect(big5.filename).toMatch(new RegExp(`^enrollees-${course.courseId}-\\d{12}\\.csv$`));
    const big5Text = iconv.decode(Buffer.from(big5.base64, 'base64'), 'big5');
    expect(big5Text.split('\r\n')[0]).toBe('狀態 Status,順位 No.,姓名 Name,Email,公司 Company,報名時間 Registered (UTC+8)');
    expect(big5Text).toContain(`enrolled,1,${seated.name},${seated.email},`);
    expect(big5Text).toContain(`waitlist,1,${waiting.name},${waiting.email},`);
    const utf8 = Buffer.from((await admin.courses.admin.exportEnrollees({ slotId: slot.id, encoding: 'utf-8' })).base64, 'base64');
    expect([...utf8.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(utf8.toString('utf8')).toContain(seated.name);
    expect(await failure(admin.courses.admin.exportEnrollees({ slotId: slot.id, encoding: 'latin1' as never }))).toMatchObject({ code: 'InvalidInput' });

    const cancelled = await admin.courses.admin.cancelForMember({ slotId: slot.id, userId: seated.id, reason: 8, remark: '學員來電請假' });
    expect(cancelled).toEqual({ slotId: slot.id, promotedEmail: waiting.email });
    const after = await admin.courses.admin.enrollees({ slotId: slot.id });
    expect(after.enrollees.map((seat) => seat.userId)).toEqual([waiting.id]);
    expect(after.waitlist).toEqual([]);
    expect(await mailsTo(services.deps.db, seated.email, 'course.cancelled')).toHaveLength(1);
    expect((await mailsTo(services.deps.db, adminEmail, 'course.staff.cancelled'))[0]!.body).toContain('學員來電請假');
    expect(await failure(admin.courses.admin.cancelForMember({ slotId: slot.id, userId: seated.id, reason: 8 }))).toMatchObject({ code: 'CourseNotEnrolled' });
    expect(await failure(admin.courses.admin.cancelForMember({ slotId: slot.id, userId: 'someone', reason: 8 }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { userId: ['validation.invalid'] } });
  });
});
