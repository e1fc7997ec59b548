import {
  addSlotInput,
  courseIdInput,
  createCourseInput,
  slotStatusInput,
  updateCourseInput,
  updateSlotInput,
  type AddSlotForm,
  type AdminCourse,
  type CourseSlot,
  type CourseTimeStatus,
  type CreateCourseForm,
  type UpdateCourseForm,
  type UpdateSlotForm,
} from '../../../shared/courses';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { scheduleDelivery } from '../notifications/outbox.service';
import {
  countPlaces,
  findAllCourses,
  findCourse,
  findSlotByStart,
  findSlotsOf,
  insertCourse,
  insertSlot,
  lockSlot,
  updateCourseRow,
  updateSlotRow,
  type CourseRow,
} from './courses.repository';
import { toSlot } from './courses.service';
import { promoteAfterChange } from './registration.service';

/** Staff work on courses (permission manage_course): courses, their time slots, and who is enrolled. */

async function toAdminCourse(deps: Pick<Deps, 'db' | 'clock'>, course: CourseRow): Promise<AdminCourse> {
  const slots = await findSlotsOf(deps.db, [course.id]);
  const counts = await countPlaces(deps.db, slots.map((slot) => slot.id));
  const now = deps.clock();
  return {
    courseId: course.id,
    status: course.status as AdminCourse['status'],
    translations: course.translations,
    mode: course.mode as AdminCourse['mode'],
    location: course.location,
    meetingUrl: course.meetingUrl,
    createdAt: course.createdAt,
    modifiedAt: course.modifiedAt,
    slots: slots.map((slot) => toSlot(slot, counts.get(slot.id), now, course)),
  };
}

export async function listCoursesForStaff(deps: Pick<Deps, 'db' | 'clock'>): Promise<{ items: AdminCourse[] }> {
  const items = [];
  for (const course of await findAllCourses(deps.db)) items.push(await toAdminCourse(deps, course));
  return { items };
}

export async function courseForStaff(deps: Pick<Deps, 'db' | 'clock'>, input: { courseId: string }): Promise<AdminCourse> {
  const { courseId } = courseIdInput.parse(input);
  const course = await findCourse(deps.db, courseId);
  if (!course) throw new AppError('CourseNotFound');
  return toAdminCourse(deps, course);
}

/** A new course, status open (spec section 4); its 8-digit id must be free. */
export async function createCourse(deps: Pick<Deps, 'db' | 'clock'>, staffId: string | null, form: CreateCourseForm): Promise<AdminCourse> {
  const input = createCourseInput.parse(form);
  const now = deps.clock();
  const course = await insertCourse(deps.db, {
    id: input.courseId,
    translations: input.translations,
    mode: input.mode,
    location: input.location,
    meetingUrl: input.meetingUrl,
    createdAt: now,
    createdBy: staffId,
    modifiedAt: now,
    modifiedBy: staffId,
  });
  if (!course) throw new AppError('CourseIdTaken');
  return toAdminCourse(deps, course);
}

export async function updateCourse(deps: Pick<Deps, 'db' | 'clock'>, staffId: string | null, form: UpdateCourseForm): Promise<AdminCourse> {
  const input = updateCourseInput.parse(form);
  const course = await updateCourseRow(deps.db, input.courseId, {
    translations: input.translations,
    mode: input.mode,
    location: input.location,
    meetingUrl: input.meetingUrl,
    status: input.status,
    modifiedAt: deps.clock(),
    modifiedBy: staffId,
  });
  if (!course) throw new AppError('CourseNotFound');
  return toAdminCourse(deps, course);
}

function slotTaken(): AppError {
  return new AppError('InvalidInput', { fieldErrors: { startTime: ['validation.slotTaken'] } });
}

/** A new time slot, status open; at most 3 hours, registration due no later than the start, seats 1 to 15 or the class limit. */
export async function addSlot(deps: Pick<Deps, 'db' | 'clock'>, staffId: string | null, form: AddSlotForm): Promise<CourseSlot> {
  const input = addSlotInput.parse(form);
  const course = await findCourse(deps.db, input.courseId);
  if (!course) throw new AppError('CourseNotFound');
  const now = deps.clock();
  const slot = await insertSlot(deps.db, {
    courseId: course.id,
    startTime: input.startTime,
    dueTime: input.dueTime,
    endTime: input.endTime,
    enrolleeLimit: input.enrolleeLimit,
    createdAt: now,
    createdBy: staffId,
    modifiedAt: now,
    modifiedBy: staffId,
  });
  if (!slot) throw slotTaken();
  return toSlot(slot, undefined, now, course);
}

/**
 * Changes a slot's times or seats. Seats cannot drop below those already taken; seats that become
 * free go to the waitlist in the same transaction.
 */
export async function updateSlot(deps: Deps, staffId: string | null, form: UpdateSlotForm): Promise<CourseSlot> {
  const input = updateSlotInput.parse(form);
  const { slot, queued, course } = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const locked = await lockSlot(tx, input.slotId);
    if (!locked) throw new AppError('CourseTimeNotFound');
    const course = await findCourse(tx, locked.courseId);
    if (!course) throw new AppError('CourseNotFound');
    const taken = (await countPlaces(tx, [locked.id])).get(locked.id)!.enrolled;
    if (input.enrolleeLimit !== null && input.enrolleeLimit < taken) {
      throw new AppError('InvalidInput', { fieldErrors: { enrolleeLimit: ['validation.limitBelowEnrolled'] } });
    }
    const other = await findSlotByStart(tx, locked.courseId, input.startTime);
    if (other && other.id !== locked.id) throw slotTaken();
    const slot = (await updateSlotRow(tx, locked.id, {
      startTime: input.startTime,
      dueTime: input.dueTime,
      endTime: input.endTime,
      enrolleeLimit: input.enrolleeLimit,
      modifiedAt: now,
      modifiedBy: staffId,
    }))!;
    return { slot, course, queued: await promoteAfterChange(deps, tx, course, slot, now) };
  });
  await scheduleDelivery(deps, queued);
  return toSlot(slot, (await countPlaces(deps.db, [slot.id])).get(slot.id), deps.clock(), course);
}

/** Closes a slot (no more registrations) or opens it again; reopening gives free seats to the waitlist. */
export async function setSlotStatus(deps: Deps, staffId: string | null, form: { slotId: string; status: CourseTimeStatus }): Promise<CourseSlot> {
  const { slotId, status } = slotStatusInput.parse(form);
  const { slot, course, queued } = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const locked = await lockSlot(tx, slotId);
    if (!locked) throw new AppError('CourseTimeNotFound');
    const course = await findCourse(tx, locked.courseId);
    if (!course) throw new AppError('CourseNotFound');
    const slot = (await updateSlotRow(tx, locked.id, { status, modifiedAt: now, modifiedBy: staffId }))!;
    return { slot, course, queued: await promoteAfterChange(deps, tx, course, slot, now) };
  });
  await scheduleDelivery(deps, queued);
  return toSlot(slot, (await countPlaces(deps.db, [slot.id])).get(slot.id), deps.clock(), course);
}

/** The slot of a course starting at `startTime` (the CLI names slots by course and start). */
export async function slotByStart(deps: Pick<Deps, 'db'>, courseId: string, startTime: Date) {
  const slot = await findSlotByStart(deps.db, courseId, startTime);
  if (!slot) throw new AppError('CourseTimeNotFound');
  return slot;
}
