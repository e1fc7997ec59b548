import {
  courseIdInput,
  courseLimits,
  courseStatus,
  courseTimeStatus,
  type ClassListItem,
  type CourseDetail,
  type CourseMode,
  type CourseSlot,
  type MemberPlace,
  type MyRegistration,
} from '../../../shared/courses';
import { defaultLanguage, type Language } from '../../../shared/languages';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { courseText } from './courses.mail';
import {
  countPlaces,
  findCourse,
  findEnrollee,
  findOpenCourses,
  findPlacesOf,
  findSlotsOf,
  findWaitlistEntry,
  waitlistPosition,
  type CourseRow,
  type SlotRow,
} from './courses.repository';

/** The seats of a slot: its own limit, or the class limit of 15 (spec section 9). */
export function seatsOf(slot: SlotRow): number {
  return slot.enrolleeLimit ?? courseLimits.maxAttendees;
}

export function toSlot(slot: SlotRow, counts: { enrolled: number; waitlisted: number } | undefined, now: Date, course?: CourseRow): CourseSlot {
  const seats = seatsOf(slot);
  const enrolled = counts?.enrolled ?? 0;
  return {
    id: slot.id,
    courseId: slot.courseId,
    startTime: slot.startTime,
    dueTime: slot.dueTime,
    endTime: slot.endTime,
    seats,
    enrolleeLimit: slot.enrolleeLimit,
    enrolled,
    seatsLeft: Math.max(0, seats - enrolled),
    waitlisted: counts?.waitlisted ?? 0,
    status: slot.status as CourseSlot['status'],
    enrollmentOpen: slot.status === courseTimeStatus.open && now < slot.dueTime && (course?.status ?? courseStatus.open) === courseStatus.open,
  };
}

function publicFields(course: CourseRow, language: Language) {
  const shown = course.translations[language] ? language : defaultLanguage;
  const text = courseText(course.translations, language);
  return { courseId: course.id, name: text.name, description: text.description, language: shown, mode: course.mode as CourseMode, location: course.location };
}

/** /classes-list: open courses with slots that have not started, soonest first; courses without one are left out. */
export async function listClasses(deps: Pick<Deps, 'db' | 'clock'>, language: Language): Promise<{ items: ClassListItem[] }> {
  const now = deps.clock();
  const courses = await findOpenCourses(deps.db);
  const slots = (await findSlotsOf(deps.db, courses.map((course) => course.id), now)).filter((slot) => slot.startTime > now);
  const counts = await countPlaces(deps.db, slots.map((slot) => slot.id));
  const items = courses
    .map((course) => ({ ...publicFields(course, language), slots: slots.filter((slot) => slot.courseId === course.id).map((slot) => toSlot(slot, counts.get(slot.id), now, course)) }))
    .filter((item) => item.slots.length > 0)
    .sort((a, b) => a.slots[0]!.startTime.getTime() - b.slots[0]!.startTime.getTime());
  return { items };
}

async function placeIn(db: Executor, slotId: string, userId: string | undefined): Promise<MemberPlace> {
  if (!userId) return { kind: 'none' };
  const seat = await findEnrollee(db, slotId, userId);
  if (seat) return { kind: 'enrolled', enrolledAt: seat.createdAt };
  const entry = await findWaitlistEntry(db, slotId, userId);
  return entry ? { kind: 'waitlisted', position: await waitlistPosition(db, entry) } : { kind: 'none' };
}

/** One course page with its slots that have not ended; an archived or unknown course is not found. */
export async function courseDetail(deps: Pick<Deps, 'db' | 'clock'>, input: { courseId: string }, language: Language, userId?: string): Promise<CourseDetail> {
  const { courseId } = courseIdInput.parse(input);
  const course = await findCourse(deps.db, courseId);
  if (!course || course.status !== courseStatus.open) throw new AppError('CourseNotFound');
  const now = deps.clock();
  const slots = await findSlotsOf(deps.db, [course.id], now);
  const counts = await countPlaces(deps.db, slots.map((slot) => slot.id));
  const withPlaces = [];
  for (const slot of slots) withPlaces.push({ ...toSlot(slot, counts.get(slot.id), now, course), place: await placeIn(deps.db, slot.id, userId) });
  const enrolledSomewhere = withPlaces.some((slot) => slot.place.kind === 'enrolled');
  return { ...publicFields(course, language), meetingUrl: course.mode === 'online' && enrolledSomewhere ? course.meetingUrl : null, slots: withPlaces };
}

/** The management centre's list: seats and waitlist places in classes that have not ended, soonest first. */
export async function myRegistrations(deps: Pick<Deps, 'db' | 'clock'>, userId: string, language: Language): Promise<{ items: MyRegistration[] }> {
  const now = deps.clock();
  const { seats, waiting } = await findPlacesOf(deps.db, userId, now);
  const items: MyRegistration[] = [];
  const courses = new Map<string, CourseRow | undefined>();
  const courseOf = async (id: string) => {
    if (!courses.has(id)) courses.set(id, await findCourse(deps.db, id));
    return courses.get(id)!;
  };
  const entry = async (slot: SlotRow, place: MemberPlace): Promise<MyRegistration> => {
    const course = await courseOf(slot.courseId);
    return {
      slotId: slot.id,
      courseId: course.id,
      name: courseText(course.translations, language).name,
      mode: course.mode as CourseMode,
      location: course.location,
      meetingUrl: course.mode === 'online' && place.kind === 'enrolled' ? course.meetingUrl : null,
      startTime: slot.startTime,
      endTime: slot.endTime,
      place,
      cancellable: now < slot.startTime,
    };
  };
  for (const { slot, enrollee } of seats) items.push(await entry(slot, { kind: 'enrolled', enrolledAt: enrollee.createdAt }));
  for (const { slot, entry: waitlisted } of waiting) items.push(await entry(slot, { kind: 'waitlisted', position: await waitlistPosition(deps.db, waitlisted) }));
  items.sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
  return { items };
}
