import { and, asc, count, eq, gt, gte, inArray, isNull, lt, lte } from 'drizzle-orm';
import { courseStatus, courseTimeStatus } from '../../../shared/courses';
import type { Executor } from '../../db/client';
import { courseCancellations, courseEnrollees, courses, courseTimes, courseWaitlist } from '../../db/schema';

export type CourseRow = typeof courses.$inferSelect;
export type NewCourseRow = typeof courses.$inferInsert;
export type SlotRow = typeof courseTimes.$inferSelect;
export type NewSlotRow = typeof courseTimes.$inferInsert;
export type EnrolleeRow = typeof courseEnrollees.$inferSelect;
export type WaitlistRow = typeof courseWaitlist.$inferSelect;

export async function insertCourse(db: Executor, values: NewCourseRow): Promise<CourseRow | undefined> {
  const [row] = await db.insert(courses).values(values).onConflictDoNothing({ target: courses.id }).returning();
  return row;
}

export async function updateCourseRow(db: Executor, id: string, values: Partial<NewCourseRow>): Promise<CourseRow | undefined> {
  const [row] = await db.update(courses).set(values).where(eq(courses.id, id)).returning();
  return row;
}

export async function findCourse(db: Executor, id: string): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.id, id));
  return row;
}

export function findAllCourses(db: Executor): Promise<CourseRow[]> {
  return db.select().from(courses).orderBy(asc(courses.id));
}

export function findOpenCourses(db: Executor): Promise<CourseRow[]> {
  return db.select().from(courses).where(eq(courses.status, courseStatus.open)).orderBy(asc(courses.id));
}

export async function countCourses(db: Executor): Promise<number> {
  const [total] = await db.select({ value: count() }).from(courses);
  return total?.value ?? 0;
}

export async function insertSlot(db: Executor, values: NewSlotRow): Promise<SlotRow | undefined> {
  const [row] = await db.insert(courseTimes).values(values).onConflictDoNothing({ target: [courseTimes.courseId, courseTimes.startTime] }).returning();
  return row;
}

export async function updateSlotRow(db: Executor, id: string, values: Partial<NewSlotRow>): Promise<SlotRow | undefined> {
  const [row] = await db.update(courseTimes).set(values).where(eq(courseTimes.id, id)).returning();
  return row;
}

export async function findSlot(db: Executor, id: string): Promise<SlotRow | undefined> {
  const [row] = await db.select().from(courseTimes).where(eq(courseTimes.id, id));
  return row;
}

/** The slot row, locked until the transaction ends: every seat count of the slot happens under this lock. */
export async function lockSlot(tx: Executor, id: string): Promise<SlotRow | undefined> {
  const [row] = await tx.select().from(courseTimes).where(eq(courseTimes.id, id)).for('update');
  return row;
}

export async function findSlotByStart(db: Executor, courseId: string, startTime: Date): Promise<SlotRow | undefined> {
  const [row] = await db
    .select()
    .from(courseTimes)
    .where(and(eq(courseTimes.courseId, courseId), eq(courseTimes.startTime, startTime)));
  return row;
}

/** Slots of the courses, soonest first; only those ending after `endingAfter` when given. */
export function findSlotsOf(db: Executor, courseIds: string[], endingAfter?: Date): Promise<SlotRow[]> {
  if (courseIds.length === 0) return Promise.resolve([]);
  const where = endingAfter ? and(inArray(courseTimes.courseId, courseIds), gt(courseTimes.endTime, endingAfter)) : inArray(courseTimes.courseId, courseIds);
  return db.select().from(courseTimes).where(where).orderBy(asc(courseTimes.startTime));
}

/** Enrolled and waitlisted counts per slot. */
export async function countPlaces(db: Executor, slotIds: string[]): Promise<Map<string, { enrolled: number; waitlisted: number }>> {
  const counts = new Map(slotIds.map((id) => [id, { enrolled: 0, waitlisted: 0 }]));
  if (slotIds.length === 0) return counts;
  const enrolled = await db
    .select({ slotId: courseEnrollees.courseTimeId, value: count() })
    .from(courseEnrollees)
    .where(inArray(courseEnrollees.courseTimeId, slotIds))
    .groupBy(courseEnrollees.courseTimeId);
  const waitlisted = await db
    .select({ slotId: courseWaitlist.courseTimeId, value: count() })
    .from(courseWaitlist)
    .where(inArray(courseWaitlist.courseTimeId, slotIds))
    .groupBy(courseWaitlist.courseTimeId);
  for (const row of enrolled) counts.get(row.slotId)!.enrolled = row.value;
  for (const row of waitlisted) counts.get(row.slotId)!.waitlisted = row.value;
  return counts;
}

export async function countEnrollees(db: Executor, slotId: string): Promise<number> {
  const [total] = await db.select({ value: count() }).from(courseEnrollees).where(eq(courseEnrollees.courseTimeId, slotId));
  return total?.value ?? 0;
}

export async function findEnrollee(db: Executor, slotId: string, userId: string): Promise<EnrolleeRow | undefined> {
  const [row] = await db
    .select()
    .from(courseEnrollees)
    .where(and(eq(courseEnrollees.courseTimeId, slotId), eq(courseEnrollees.userId, userId)));
  return row;
}

export async function insertEnrollee(db: Executor, values: typeof courseEnrollees.$inferInsert): Promise<EnrolleeRow> {
  const [row] = await db.insert(courseEnrollees).values(values).returning();
  return row!;
}

export async function deleteEnrollee(db: Executor, id: string): Promise<void> {
  await db.delete(courseEnrollees).where(eq(courseEnrollees.id, id));
}

export function findEnrolleesOf(db: Executor, slotId: string): Promise<EnrolleeRow[]> {
  return db.select().from(courseEnrollees).where(eq(courseEnrollees.courseTimeId, slotId)).orderBy(asc(courseEnrollees.createdAt), asc(courseEnrollees.id));
}

export async function findWaitlistEntry(db: Executor, slotId: string, userId: string): Promise<WaitlistRow | undefined> {
  const [row] = await db
    .select()
    .from(courseWaitlist)
    .where(and(eq(courseWaitlist.courseTimeId, slotId), eq(courseWaitlist.userId, userId)));
  return row;
}

export async function insertWaitlistEntry(db: Executor, values: typeof courseWaitlist.$inferInsert): Promise<WaitlistRow> {
  const [row] = await db.insert(courseWaitlist).values(values).returning();
  return row!;
}

export async function deleteWaitlistEntry(db: Executor, id: string): Promise<void> {
  await db.delete(courseWaitlist).where(eq(courseWaitlist.id, id));
}

/** 1 for the first in line. */
export async function waitlistPosition(db: Executor, entry: WaitlistRow): Promise<number> {
  const [ahead] = await db
    .select({ value: count() })
    .from(courseWaitlist)
    .where(and(eq(courseWaitlist.courseTimeId, entry.courseTimeId), lte(courseWaitlist.sequence, entry.sequence)));
  return ahead?.value ?? 1;
}

export function findWaitlistOf(db: Executor, slotId: string): Promise<WaitlistRow[]> {
  return db.select().from(courseWaitlist).where(eq(courseWaitlist.courseTimeId, slotId)).orderBy(asc(courseWaitlist.sequence));
}

export async function firstInLine(db: Executor, slotId: string): Promise<WaitlistRow | undefined> {
  const [row] = await db.select().from(courseWaitlist).where(eq(courseWaitlist.courseTimeId, slotId)).orderBy(asc(courseWaitlist.sequence)).limit(1);
  return row;
}

export async function insertCancellation(db: Executor, values: typeof courseCancellations.$inferInsert): Promise<void> {
  await db.insert(courseCancellations).values(values);
}

/** The member's seats and waitlist places in slots that have not ended, with their slot. */
export async function findPlacesOf(db: Executor, userId: string, endingAfter: Date) {
  const seats = await db
    .select({ slot: courseTimes, enrollee: courseEnrollees })
    .from(courseEnrollees)
    .innerJoin(courseTimes, eq(courseTimes.id, courseEnrollees.courseTimeId))
    .where(and(eq(courseEnrollees.userId, userId), gt(courseTimes.endTime, endingAfter)));
  const waiting = await db
    .select({ slot: courseTimes, entry: courseWaitlist })
    .from(courseWaitlist)
    .innerJoin(courseTimes, eq(courseTimes.id, courseWaitlist.courseTimeId))
    .where(and(eq(courseWaitlist.userId, userId), gt(courseTimes.endTime, endingAfter)));
  return { seats, waiting };
}

/** Seats in open slots starting within the window whose reminder has not gone yet. */
export function findUnremindedSeats(db: Executor, from: Date, until: Date, limit: number) {
  return db
    .select({ enrollee: courseEnrollees, slot: courseTimes })
    .from(courseEnrollees)
    .innerJoin(courseTimes, eq(courseTimes.id, courseEnrollees.courseTimeId))
    .where(and(isNull(courseEnrollees.remindedAt), eq(courseTimes.status, courseTimeStatus.open), gte(courseTimes.startTime, from), lt(courseTimes.startTime, until)))
    .orderBy(asc(courseTimes.startTime))
    .limit(limit);
}

/** Marks the reminder sent; undefined when another run marked it first. */
export async function markReminded(db: Executor, enrolleeId: string, at: Date): Promise<EnrolleeRow | undefined> {
  const [row] = await db
    .update(courseEnrollees)
    .set({ remindedAt: at })
    .where(and(eq(courseEnrollees.id, enrolleeId), isNull(courseEnrollees.remindedAt)))
    .returning();
  return row;
}

