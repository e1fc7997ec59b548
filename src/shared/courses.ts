import { z } from 'zod';
import { languages, type Language } from './languages';
import { requiredMessage, requiredText, wideLength } from './text';

/**
 * Courses (spec sections 3, 4, 5 and 9; issue 13): a course, its time slots ("course_time"), the
 * members enrolled in a slot, its waitlist and the cancellation records. One schema per form for
 * the browser, the server and the CLI; messages are i18n keys of the `validation` namespace.
 */

/** Course status: open on creation (spec section 4), hidden from the class list when archived. */
export const courseStatus = { open: 0, archived: 9 } as const;

/** Time-slot status: open on creation (spec section 4); staff close a slot to stop registration. */
export const courseTimeStatus = { open: 0, closed: 1 } as const;
export type CourseTimeStatus = (typeof courseTimeStatus)[keyof typeof courseTimeStatus];

/** Enrollee status: enrolled on creation (spec section 4). */
export const enrolleeStatus = { enrolled: 0 } as const;

/** How a class is held (spec section 9 'Class mode'). */
export const courseModes = ['inPerson', 'online'] as const;
export type CourseMode = (typeof courseModes)[number];

/** Reasons a registration is cancelled (spec section 5: a numeric reason); `byStaff` is staff cancelling for a member. */
export const cancellationReason = { scheduleConflict: 1, noLongerNeeded: 2, illness: 3, wrongSlot: 4, byStaff: 8, other: 9 } as const;
export type CancellationReason = (typeof cancellationReason)[keyof typeof cancellationReason];
/** The reasons a member picks from, in the order shown. */
export const memberCancellationReasons = [
  cancellationReason.scheduleConflict,
  cancellationReason.noLongerNeeded,
  cancellationReason.illness,
  cancellationReason.wrongSlot,
  cancellationReason.other,
] as const;
export const cancellationReasons = Object.values(cancellationReason) as CancellationReason[];

/** Spec section 9: at most 15 attendees a class, each class at most 3 hours. */
export const courseLimits = { maxAttendees: 15, maxHours: 3, name: 100, description: 2000, location: 200, remark: 500, url: 500 } as const;
const MAX_SLOT_MS = courseLimits.maxHours * 3_600_000;

/** The reminder mail goes this long before a class starts. */
export const reminderLeadMs = 24 * 3_600_000;

const invalid = 'validation.invalid';

/** 8 digits (spec section 9), unique. */
export const courseIdField = z
  .string({ error: requiredMessage })
  .trim()
  .regex(/^\d{8}$/, { error: 'validation.courseId' });

export const courseTextInput = z.object({
  name: requiredText(courseLimits.name),
  description: z
    .string({ error: invalid })
    .trim()
    .refine((value) => wideLength(value) <= courseLimits.description, { error: `validation.tooLong.${courseLimits.description}` })
    .default(''),
});
export type CourseText = z.output<typeof courseTextInput>;

/** The text of a course in every language staff wrote it in; zh-TW is required and is the fallback. */
const translationsInput = z.object({
  'zh-TW': courseTextInput,
  en: courseTextInput.optional(),
  'zh-CN': courseTextInput.optional(),
  ja: courseTextInput.optional(),
});
export type CourseTranslations = { 'zh-TW': CourseText } & Partial<Record<Exclude<Language, 'zh-TW'>, CourseText>>;

const optionalText = (max: number) =>
  z
    .string({ error: invalid })
    .trim()
    .refine((value) => wideLength(value) <= max, { error: `validation.tooLong.${max}` })
    .default('');

const courseFields = z.object({
  translations: translationsInput,
  mode: z.enum(courseModes, { error: requiredMessage }),
  location: optionalText(courseLimits.location),
  meetingUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'validation.url' }).max(courseLimits.url)]).default(''),
});

/** An online class needs its meeting link, one in person its location. */
function placeGiven(value: z.output<typeof courseFields>, ctx: z.RefinementCtx) {
  if (value.mode === 'online' && !value.meetingUrl) ctx.addIssue({ code: 'custom', path: ['meetingUrl'], message: requiredMessage });
  if (value.mode === 'inPerson' && !value.location) ctx.addIssue({ code: 'custom', path: ['location'], message: requiredMessage });
}

export const createCourseInput = courseFields.extend({ courseId: courseIdField }).superRefine(placeGiven);
export type CreateCourseForm = z.input<typeof createCourseInput>;

export const updateCourseInput = courseFields
  .extend({ courseId: courseIdField, status: z.union([z.literal(courseStatus.open), z.literal(courseStatus.archived)], { error: invalid }) })
  .superRefine(placeGiven);
export type UpdateCourseForm = z.input<typeof updateCourseInput>;

const limitField = z
  .number({ error: invalid })
  .int({ error: invalid })
  .min(1, { error: 'validation.enrolleeLimit' })
  .max(courseLimits.maxAttendees, { error: 'validation.enrolleeLimit' })
  .nullable()
  .default(null);

const slotFields = z.object({
  startTime: z.date({ error: requiredMessage }),
  dueTime: z.date({ error: requiredMessage }),
  endTime: z.date({ error: requiredMessage }),
  /** Seats; none given means the class limit of 15. */
  enrolleeLimit: limitField,
});

function slotTimesValid(value: z.output<typeof slotFields>, ctx: z.RefinementCtx) {
  const start = value.startTime.getTime();
  const end = value.endTime.getTime();
  if (Number.isNaN(start) || Number.isNaN(end) || Number.isNaN(value.dueTime.getTime())) return;
  if (end <= start) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'validation.endAfterStart' });
  else if (end - start > MAX_SLOT_MS) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'validation.classTooLong' });
  if (value.dueTime.getTime() > start) ctx.addIssue({ code: 'custom', path: ['dueTime'], message: 'validation.dueBeforeStart' });
}

export const addSlotInput = slotFields.extend({ courseId: courseIdField }).superRefine(slotTimesValid);
export type AddSlotForm = z.input<typeof addSlotInput>;

export const slotIdInput = z.object({ slotId: z.uuid({ error: invalid }) });

export const updateSlotInput = slotFields.extend({ slotId: z.uuid({ error: invalid }) }).superRefine(slotTimesValid);
export type UpdateSlotForm = z.input<typeof updateSlotInput>;

export const courseIdInput = z.object({ courseId: courseIdField });

export const slotStatusInput = z.object({
  slotId: z.uuid({ error: invalid }),
  status: z.union([z.literal(courseTimeStatus.open), z.literal(courseTimeStatus.closed)], { error: invalid }),
});

/** What to do when the slot is full: refuse (ExceedEnrolleeLimit) or take a place on its waitlist. */
export const registerInput = z.object({ slotId: z.uuid({ error: invalid }), whenFull: z.enum(['refuse', 'waitlist']).default('refuse') });
export type RegisterForm = z.input<typeof registerInput>;

export const cancelInput = z.object({
  slotId: z.uuid({ error: invalid }),
  reason: z.union(memberCancellationReasons.map((code) => z.literal(code)), { error: requiredMessage }),
  remark: optionalText(courseLimits.remark),
});
export type CancelForm = z.input<typeof cancelInput>;

export const staffCancelInput = z.object({
  slotId: z.uuid({ error: invalid }),
  userId: z.uuid({ error: invalid }),
  reason: z.union(cancellationReasons.map((code) => z.literal(code)), { error: requiredMessage }),
  remark: optionalText(courseLimits.remark),
});
export type StaffCancelForm = z.input<typeof staffCancelInput>;

export const csvEncodings = ['big5', 'utf-8'] as const;
export type CsvEncoding = (typeof csvEncodings)[number];
export const exportEnrolleesInput = z.object({ slotId: z.uuid({ error: invalid }), encoding: z.enum(csvEncodings).default('big5') });

// ---- outputs ----

const slotOutput = z.object({
  id: z.uuid(),
  courseId: z.string(),
  startTime: z.date(),
  dueTime: z.date(),
  endTime: z.date(),
  /** The seats of the slot: its own limit, or the class limit of 15. */
  seats: z.number().int(),
  enrolleeLimit: z.number().int().nullable(),
  enrolled: z.number().int(),
  seatsLeft: z.number().int(),
  waitlisted: z.number().int(),
  status: z.union([z.literal(courseTimeStatus.open), z.literal(courseTimeStatus.closed)]),
  /** Open, before its due time and not closed by staff. */
  enrollmentOpen: z.boolean(),
});
export type CourseSlot = z.output<typeof slotOutput>;

const publicCourseFields = {
  courseId: z.string(),
  name: z.string(),
  description: z.string(),
  /** The language the text is in: the visitor's when written in it, otherwise zh-TW. */
  language: z.enum(languages),
  mode: z.enum(courseModes),
  location: z.string(),
};

/** The class list: courses with upcoming slots, each slot with its seats left. */
export const classListOutput = z.object({
  items: z.array(z.object({ ...publicCourseFields, slots: z.array(slotOutput) })),
});
export type ClassListItem = z.output<typeof classListOutput>['items'][number];

/** The signed-in member's place in a slot. */
export const memberPlace = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('enrolled'), enrolledAt: z.date() }),
  z.object({ kind: z.literal('waitlisted'), position: z.number().int() }),
]);
export type MemberPlace = z.output<typeof memberPlace>;

/** One course page: details and every upcoming slot, with the member's place when signed in. */
export const courseDetailOutput = z.object({
  ...publicCourseFields,
  /** Shown to enrolled members only; others see that a link is sent after registration. */
  meetingUrl: z.string().nullable(),
  slots: z.array(slotOutput.extend({ place: memberPlace })),
});
export type CourseDetail = z.output<typeof courseDetailOutput>;

export const registrationOutput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('enrolled'), slotId: z.uuid() }),
  z.object({ kind: z.literal('waitlisted'), slotId: z.uuid(), position: z.number().int() }),
]);
export type RegistrationResult = z.output<typeof registrationOutput>;

/** The management centre's list: the member's registrations and waitlist places, soonest first. */
export const myRegistrationsOutput = z.object({
  items: z.array(
    z.object({
      slotId: z.uuid(),
      courseId: z.string(),
      name: z.string(),
      mode: z.enum(courseModes),
      location: z.string(),
      meetingUrl: z.string().nullable(),
      startTime: z.date(),
      endTime: z.date(),
      place: memberPlace,
      /** A member may cancel until the class starts. */
      cancellable: z.boolean(),
    }),
  ),
});
export type MyRegistration = z.output<typeof myRegistrationsOutput>['items'][number];

export const cancellationOutput = z.object({ slotId: z.uuid(), promotedEmail: z.string().nullable() });

// ---- staff outputs ----

export const adminCourseOutput = z.object({
  courseId: z.string(),
  status: z.union([z.literal(courseStatus.open), z.literal(courseStatus.archived)]),
  translations: z.custom<CourseTranslations>(),
  mode: z.enum(courseModes),
  location: z.string(),
  meetingUrl: z.string(),
  createdAt: z.date(),
  modifiedAt: z.date(),
  slots: z.array(slotOutput),
});
export type AdminCourse = z.output<typeof adminCourseOutput>;

export const adminCourseListOutput = z.object({ items: z.array(adminCourseOutput) });

export const adminSlotOutput = slotOutput;

export const enrolleeListOutput = z.object({
  slot: slotOutput,
  courseName: z.string(),
  enrollees: z.array(z.object({ userId: z.uuid(), name: z.string(), email: z.string(), companyName: z.string(), enrolledAt: z.date(), remindedAt: z.date().nullable() })),
  waitlist: z.array(z.object({ userId: z.uuid(), name: z.string(), email: z.string(), position: z.number().int(), joinedAt: z.date() })),
});
export type EnrolleeList = z.output<typeof enrolleeListOutput>;

export const csvExportOutput = z.object({ filename: z.string(), encoding: z.enum(csvEncodings), base64: z.string() });
