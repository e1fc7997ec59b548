import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatNotices, courseCancellations, courseEnrollees, courseWaitlist } from '../../../src/server/db/schema';
import { setSlotStatus } from '../../../src/server/modules/courses/course-admin.service';
import { cancellationReason, courseTimeStatus } from '../../../src/shared/courses';
import { makeCourse, makeSlot } from '../../factories/courses';
import { makeMember } from '../../factories/members';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { mailsTo } from '../../fixtures/mails';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

async function memberCaller(options: Parameters<typeof makeMember>[1] = {}) {
  const member = await makeMember(services.deps.db, options);
  return { member, caller: callerFor(services.deps, { kind: 'member', userId: member.id }) };
}

async function seatsOf(slotId: string) {
  return services.deps.db.select().from(courseEnrollees).where(eq(courseEnrollees.courseTimeId, slotId));
}

describe('the class list and course page', () => {
  it('lists open courses with upcoming slots and seats left, in the visitor language with zh-TW as fallback', async () => {
    const course = await makeCourse(services.deps);
    const slot = await makeSlot(services.deps, course.courseId, { limit: 4 });
    const past = await makeCourse(services.deps);
    await makeSlot(services.deps, past.courseId, { startsInHours: -30 });
    const { caller } = await memberCaller();
    await caller.courses.register({ slotId: slot.id });

    const english = await callerFor(services.deps, { kind: 'visitor' }, 'en').courses.classes();
    const listed = english.items.find((item) => item.courseId === course.courseId)!;
    expect(listed).toMatchObject({ name: 'Image labelling hands-on', language: 'en', mode: 'inPerson' });
    expect(listed.slots).toEqual([expect.objectContaining({ id: slot.id, seats: 4, enrolled: 1, seatsLeft: 3, enrollmentOpen: true })]);
    expect(english.items.some((item) => item.courseId === past.courseId)).toBe(false);

    const japanese = await callerFor(services.deps, { kind: 'visitor' }, 'ja').courses.detail({ courseId: course.courseId });
    expect(japanese).toMatchObject({ name: '影像標註實作課', language: 'zh-TW', meetingUrl: null });
    expect(japanese.slots[0]!.place).toEqual({ kind: 'none' });
  });

  it('shows a signed-in member their place; an unknown or archived course is not found', async () => {
    const course = await makeCourse(services.deps, { mode: 'online', location: '', meetingUrl: 'https://meet.inspectra.example/abc' });
    const slot = await makeSlot(services.deps, course.courseId);
    const { member, caller } = await memberCaller();
    await caller.courses.register({ slotId: slot.id });
    const detail = await callerFor(services.deps, { kind: 'member', userId: member.id }).courses.detail({ courseId: course.courseId });
    expect(detail.slots[0]!.place).toMatchObject({ kind: 'enrolled' });
    expect(detail.meetingUrl).toBe('https://meet.inspectra.example/abc');
    expect((await callerFor(services.deps).courses.detail({ courseId: course.courseId })).meetingUrl).toBeNull();

    expect(await failure(callerFor(services.deps).courses.detail({ courseId: '99999999' }))).toMatchObject({ trpcCode: 'NOT_FOUND', code: 'CourseNotFound' });
    const staffer = await makeStaff(services.deps.db, { permissions: ['manage_course'] });
    await callerFor(services.deps, { kind: 'staff', staffId: staffer.id }).courses.admin.update({ ...course, status: 9 });
    expect(await failure(callerFor(services.deps).courses.detail({ courseId: course.courseId }))).toMatchObject({ code: 'CourseNotFound' });
    expect(await failure(callerFor(services.deps).courses.detail({ courseId: '12ab' }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { courseId: ['validation.courseId'] } });
  });
});

describe('registering', () => {
  it('writes the seat, mails the member with a calendar file and tells staff holding manage_course', async () => {
    await services.deps.db.delete(chatNotices);
    const teacher = await makeStaff(services.deps.db, { permissions: ['manage_course'] });
    const service = await makeStaff(services.deps.db, { permissions: ['customer_service'] });
    const course = await makeCourse(services.deps);
    const slot = await makeSlot(services.deps, course.courseId);
    const { member, caller } = await memberCaller({ language: 'en' });

    expect(await caller.courses.register({ slotId: slot.id })).toEqual({ kind: 'enrolled', slotId: slot.id });
    expect(await seatsOf(slot.id)).toEqual([expect.objectContaining({ userId: member.id, email: member.email, status: 0, remindedAt: null })]);

    const [mail] = await mailsTo(services.deps.db, member.email, 'course.registered');
    expect(mail!.subject).toBe('[Inspectra] You are registered: Image labelling hands-on');
    expect(mail!.body).toContain(course.courseId);
    expect(mail!.attachments).toHaveLength(1);
    const ics = mail!.attachments[0]!;
    expect(ics).toMatchObject({ filename: `course-${course.courseId}.ics`, contentType: 'text/calendar; charset=utf-8' });
    expect(ics.content).toContain('BEGIN:VCALENDAR');
    expect(ics.content).toContain(`UID:course-${slot.id}@inspectra`);
    expect(ics.content).toContain(`DTSTART:${slot.startTime.toISOString().replace(/[-:]/g, '').replace('.000', '')}`);
    expect(ics.content).toContain('SUMMARY:Image labelling hands-on');

    expect(await mailsTo(services.deps.db, teacher.email, 'course.staff.registered')).toHaveLength(1);
    expect(await mailsTo(services.deps.db, service.email)).toHaveLength(0);
    expect((await services.deps.db.select().from(chatNotices)).map((notice) => notice.message)).toEqual([expect.stringContaining(member.email)]);

    const mine = await caller.courses.mine();
    expect(mine.items).toEqual([expect.objectContaining({ slotId: slot.id, courseId: course.courseId, place: expect.objectContaining({ kind: 'enrolled' }), cancellable: true })]);
  });

  it('refuses a second registration, an unknown slot, a closed or past-due slot and a full one, changing nothing', async () => {
    const course = await makeCourse(services.deps);
    const slot = await makeSlot(services.deps, course.courseId, { limit: 1 });
    const { caller } = await memberCaller();
    await caller.courses.register({ slotId: slot.id });
    expect(await failure(caller.courses.register({ slotId: slot.id }))).toMatchObject({ trpcCode: 'CONFLICT', code: 'CourseRegistered' });

    const other = await memberCaller();
    expect(await failure(other.caller.courses.register({ slotId: slot.id }))).toMatchObject({ trpcCode: 'CONFLICT', code: 'ExceedEnrolleeLimit', params: { limit: 1 } });
    expect(await failure(other.caller.courses.register({ slotId: '00000000-0000-4000-8000-000000000000' }))).toMatchObject({ trpcCode: 'NOT_FOUND', code: 'CourseTimeNotFound' });

    const late = await makeSlot(services.deps, course.courseId, { startsInHours: 2, dueBeforeHours: 3 });
    expect(await failure(other.caller.courses.register({ slotId: late.id }))).toMatchObject({ trpcCode: 'PRECONDITION_FAILED', code: 'EnrollmentClosed' });
    const closed = await makeSlot(services.deps, course.courseId, { startsInHours: 100 });
    await setSlotStatus(services.deps, null, { slotId: closed.id, status: courseTimeStatus.closed });
    expect(await failure(other.caller.courses.register({ slotId: closed.id }))).toMatchObject({ code: 'EnrollmentClosed' });

    expect(await seatsOf(slot.id)).toHaveLength(1);
    expect(await seatsOf(late.id)).toHaveLength(0);
    expect(await seatsOf(closed.id)).toHaveLength(0);
  });

  it('refuses visitors and staff, and bad input with field errors', async () => {
    const course = await makeCourse(services.deps);
    const slot = await makeSlot(services.deps, course.courseId);
    expect(await failure(callerFor(services.deps).courses.register({ slotId: slot.id }))).toMatchObject({ trpcCode: 'UNAUTHORIZED', code: 'MissingAuthentication' });
    const staffer = await makeStaff(services.deps.db, { super: true });
    expect(await failure(callerFor(services.deps, { kind: 'staff', staffId: staffer.id }).courses.register({ slotId: slot.id }))).toMatchObject({ code: 'MissingAuthentication' });
    const inactive = await makeMember(services.deps.db, { status: 0 });
    expect(await failure(callerFor(services.deps, { kind: 'member', userId: inactive.id }).courses.register({ slotId: slot.id }))).toMatchObject({ code: 'AccountNotActivated' });
    for (const procedure of ['mine'] as const) expect(await failure(callerFor(services.deps).courses[procedure]())).toMatchObject({ code: 'MissingAuthentication' });

    const { caller } = await memberCaller();
    expect(await failure(caller.courses.register({ slotId: 'slot-1' }))).toMatchObject({ trpcCode: 'BAD_REQUEST', code: 'InvalidInput', fieldErrors: { slotId: ['validation.invalid'] } });
    expect(await failure(caller.courses.register({ slotId: slot.id, whenFull: 'jump' } as never))).toMatchObject({ code: 'InvalidInput' });
    expect(await seatsOf(slot.id)).toHaveLength(0);
  });
});

describe('cancelling', () => {
  it('removes the seat and writes the cancellation record together, mails a cancelling calendar file, and frees the seat', async () => {
    const course = await makeCourse(services.deps);
    const slot = await makeSlot(services.deps, course.courseId, { limit: 1 });
    const { member, caller } = await memberCaller();
    await caller.courses.register({ slotId: slot.id });
    expect(await caller.courses.cancel({ slotId: slot.id, reason: cancellationReason.scheduleConflict, remark: '  產線排程衝突  ' })).toEqual({ slotId: slot.id, promotedEmail: null });

    expect(await seatsOf(slot.id)).toHaveLength(0);
    const records = await services.deps.db.select().from(courseCancellations).where(eq(courseCancellations.courseTimeId, slot.id));
    expect(records).toEqual([expect.objectContaining({ courseId: course.courseId, userId: member.id, email: member.email, startTime: slot.startTime, reason: 1, remark: '產線排程衝突', createdBy: member.email })]);
    const [mail] = await mailsTo(services.deps.db, member.email, 'course.cancelled');
    expect(mail!.attachments[0]!.content).toContain('METHOD:CANCEL');
    expect(mail!.attachments[0]!.content).toContain('STATUS:CANCELLED');
    expect((await caller.courses.mine()).items).toEqual([]);

    const next = await memberCaller();
    expect(await next.caller.courses.register({ slotId: slot.id })).toMatchObject({ kind: 'enrolled' });
  });

  it('refuses a member without a seat, a class that started, and a reason outside the list', async () => {
    const course = await makeCourse(services.deps);
    const slot = await makeSlot(services.deps, course.courseId);
    const { caller } = await memberCaller();
    expect(await failure(caller.courses.cancel({ slotId: slot.id, reason: 2 }))).toMatchObject({ trpcCode: 'NOT_FOUND', code: 'CourseNotEnrolled' });
    await caller.courses.register({ slotId: slot.id });
    expect(await failure(caller.courses.cancel({ slotId: slot.id, reason: 8 as never }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { reason: ['validation.required'] } });
    expect(await failure(caller.courses.cancel({ slotId: slot.id, reason: 2, remark: 'x'.repeat(501) }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { remark: ['validation.tooLong.500'] } });
    expect(await failure(callerFor(services.deps).courses.cancel({ slotId: slot.id, reason: 2 }))).toMatchObject({ code: 'MissingAuthentication' });
    expect(await seatsOf(slot.id)).toHaveLength(1);

    const started = await makeSlot(services.deps, course.courseId, { startsInHours: -1, dueBeforeHours: 2 });
    const { member } = await memberCaller();
    await services.deps.db.insert(courseEnrollees).values({ courseTimeId: started.id, userId: member.id, email: member.email });
    expect(await failure(callerFor(services.deps, { kind: 'member', userId: member.id }).courses.cancel({ slotId: started.id, reason: 2 }))).toMatchObject({ code: 'CourseStarted' });
    expect(await seatsOf(started.id)).toHaveLength(1);
  });
});

describe('the waitlist', () => {
  it('takes members in order when full, promotes the first in line on a cancellation and mails them; others may leave', async () => {
    const course = await makeCourse(services.deps);
    const slot = await makeSlot(services.deps, course.courseId, { limit: 1 });
    const first = await memberCaller();
    await first.caller.courses.register({ slotId: slot.id });
    const second = await memberCaller({ language: 'ja' });
    const third = await memberCaller();
    expect(await second.caller.courses.register({ slotId: slot.id, whenFull: 'waitlist' })).toEqual({ kind: 'waitlisted', slotId: slot.id, position: 1 });
    expect(await third.caller.courses.register({ slotId: slot.id, whenFull: 'waitlist' })).toEqual({ kind: 'waitlisted', slotId: slot.id, position: 2 });
    expect(await failure(third.caller.courses.register({ slotId: slot.id, whenFull: 'waitlist' }))).toMatchObject({ code: 'CourseWaitlisted', params: { position: 2 } });
    expect((await mailsTo(services.deps.db, second.member.email, 'course.waitlisted'))[0]!.attachments).toEqual([]);

    expect(await first.caller.courses.cancel({ slotId: slot.id, reason: 2 })).toEqual({ slotId: slot.id, promotedEmail: second.member.email });
    expect((await seatsOf(slot.id)).map((seat) => seat.userId)).toEqual([second.member.id]);
    const [promotion] = await mailsTo(services.deps.db, second.member.email, 'course.promoted');
    expect(promotion!.subject).toContain('キャンセル待ちから繰り上がりました');
    expect(promotion!.attachments[0]!.content).toContain('BEGIN:VEVENT');
    expect((await third.caller.courses.mine()).items[0]!.place).toEqual({ kind: 'waitlisted', position: 1 });

    expect(await third.caller.courses.leaveWaitlist({ slotId: slot.id })).toEqual({ slotId: slot.id });
    expect(await services.deps.db.select().from(courseWaitlist).where(eq(courseWaitlist.courseTimeId, slot.id))).toEqual([]);
    expect(await failure(third.caller.courses.leaveWaitlist({ slotId: slot.id }))).toMatchObject({ code: 'CourseNotEnrolled' });
    expect(await failure(callerFor(services.deps).courses.leaveWaitlist({ slotId: slot.id }))).toMatchObject({ code: 'MissingAuthentication' });
    expect(await failure(third.caller.courses.leaveWaitlist({ slotId: 'x' }))).toMatchObject({ code: 'InvalidInput' });
  });

  it('gives seats to the waitlist when staff raise the limit', async () => {
    const staffer = await makeStaff(services.deps.db, { permissions: ['manage_course'] });
    const admin = callerFor(services.deps, { kind: 'staff', staffId: staffer.id });
    const course = await makeCourse(services.deps);
    const slot = await makeSlot(services.deps, course.courseId, { limit: 1 });
    await (await memberCaller()).caller.courses.register({ slotId: slot.id });
    const waiting = [await memberCaller(), await memberCaller(), await memberCaller()];
    for (const { caller } of waiting) await caller.courses.register({ slotId: slot.id, whenFull: 'waitlist' });
    const raised = await admin.courses.admin.updateSlot({ slotId: slot.id, startTime: slot.startTime, dueTime: slot.dueTime, endTime: slot.endTime, enrolleeLimit: 3 });
    expect(raised).toMatchObject({ seats: 3, enrolled: 3, waitlisted: 1 });
    const seated = (await seatsOf(slot.id)).map((seat) => seat.userId);
    expect(seated).toEqual(expect.arrayContaining([waiting[0]!.member.id, waiting[1]!.member.id]));
    expect(seated).not.toContain(waiting[2]!.member.id);
    expect(await mailsTo(services.deps.db, waiting[2]!.member.email, 'course.promoted')).toHaveLength(0);
    expect(await failure(admin.courses.admin.updateSlot({ slotId: slot.id, startTime: slot.startTime, dueTime: slot.dueTime, endTime: slot.endTime, enrolleeLimit: 2 }))).toMatchObject({
      code: 'InvalidInput',
      fieldErrors: { enrolleeLimit: ['validation.limitBelowEnrolled'] },
    });
  });
});
