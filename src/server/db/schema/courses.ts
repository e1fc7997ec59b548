import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { courseStatus, courseTimeStatus, enrolleeStatus, type CourseTranslations } from '../../../shared/courses';
import { users } from './accounts';
import { staff } from './staff';

/**
 * Courses (spec section 3 'Course'). A course has time slots (the spec's course_time); a member's
 * enrollment is one row of course_enrollees, which is both the slot's course_enrollee entry and the
 * member's course_registration entry of the spec (the original kept two copies; one row cannot
 * drift). A full slot has a waitlist, first come first served. Every registration, cancellation and
 * promotion locks the slot row (SELECT ... FOR UPDATE), so seats are counted under the lock.
 */
export const courses = pgTable(
  'courses',
  {
    id: text('id').primaryKey(),
    status: smallint('status').notNull().default(courseStatus.open),
    translations: jsonb('translations').$type<CourseTranslations>().notNull(),
    mode: text('mode').notNull(),
    location: text('location').notNull().default(''),
    meetingUrl: text('meeting_url').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => staff.id),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: uuid('modified_by').references(() => staff.id),
  },
  (table) => [
    check('courses_id_format', sql`${table.id} ~ '^[0-9]{8}$'`),
    check('courses_status_check', sql`${table.status} in (0, 9)`),
    check('courses_mode_check', sql`${table.mode} in ('inPerson', 'online')`),
    check('courses_translations_check', sql`${table.translations} ? 'zh-TW'`),
  ],
);

export const courseTimes = pgTable(
  'course_times',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    /** Registration closes at this time. */
    dueTime: timestamp('due_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    /** Seats; null means the class limit of 15 (spec section 9). */
    enrolleeLimit: integer('enrollee_limit'),
    status: smallint('status').notNull().default(courseTimeStatus.open),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => staff.id),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: uuid('modified_by').references(() => staff.id),
  },
  (table) => [
    unique('course_times_course_start_unique').on(table.courseId, table.startTime),
    check('course_times_status_check', sql`${table.status} in (0, 1)`),
    check('course_times_order_check', sql`${table.dueTime} <= ${table.startTime} and ${table.startTime} < ${table.endTime}`),
    check('course_times_length_check', sql`${table.endTime} - ${table.startTime} <= interval '3 hours'`),
    check('course_times_limit_check', sql`${table.enrolleeLimit} is null or ${table.enrolleeLimit} between 1 and 15`),
    index('course_times_start_idx').on(table.startTime),
  ],
);

export const courseEnrollees = pgTable(
  'course_enrollees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseTimeId: uuid('course_time_id')
      .notNull()
      .references(() => courseTimes.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    email: text('email').notNull(),
    status: smallint('status').notNull().default(enrolleeStatus.enrolled),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set in the transaction that queues the reminder mail, so a second run sends none. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (table) => [unique('course_enrollees_slot_user_unique').on(table.courseTimeId, table.userId), index('course_enrollees_user_idx').on(table.userId)],
);

export const courseWaitlist = pgTable(
  'course_waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Order of arrival: first in line is the lowest. */
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    courseTimeId: uuid('course_time_id')
      .notNull()
      .references(() => courseTimes.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('course_waitlist_slot_user_unique').on(table.courseTimeId, table.userId), index('course_waitlist_order_idx').on(table.courseTimeId, table.sequence)],
);

/** Spec section 3 'Cancellation record' (/course_registration_cancellation). */
export const courseCancellations = pgTable(
  'course_cancellations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id),
    courseTimeId: uuid('course_time_id')
      .notNull()
      .references(() => courseTimes.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    email: text('email').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    reason: smallint('reason').notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The member's e-mail, or the staff member's when staff cancelled. */
    createdBy: text('created_by').notNull(),
  },
  (table) => [check('course_cancellations_reason_check', sql`${table.reason} in (1, 2, 3, 4, 8, 9)`), index('course_cancellations_slot_idx').on(table.courseTimeId)],
);
