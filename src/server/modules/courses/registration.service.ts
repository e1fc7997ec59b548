import {
  cancellationReason,
  cancelInput,
  courseStatus,
  courseTimeStatus,
  registerInput,
  slotIdInput,
  staffCancelInput,
  type CancelForm,
  type RegisterForm,
  type RegistrationResult,
  type StaffCancelForm,
} from '../../../shared/courses';
import { isLanguage, type Language } from '../../../shared/languages';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { userById } from '../accounts/users.service';
import { queueChatNotice, queueMails, scheduleDelivery, type Queued, type QueuedMail } from '../notifications/outbox.service';
import { staffNotices } from '../staff/mail-settings.service';
import { memberMail, staffMail, type MemberMailKind } from './courses.mail';
import {
  countEnrollees,
  deleteEnrollee,
  deleteWaitlistEntry,
  findCourse,
  findEnrollee,
  findWaitlistEntry,
  firstInLine,
  insertCancellation,
  insertEnrollee,
  insertWaitlistEntry,
  lockSlot,
  waitlistPosition,
  type CourseRow,
  type SlotRow,
} from './courses.repository';
import { seatsOf } from './courses.service';

type MailDeps = Pick<Deps, 'config' | 'clock'>;

/**
 * What one transaction sends: mails and chat notices are written to the outbox in that transaction
 * and handed to the delivery jobs after it commits.
 */
class Outgoing {
  private mails: QueuedMail[] = [];
  private chats: string[] = [];
  private staffKinds: Array<Parameters<typeof staffMail>[0]> = [];

  constructor(private readonly deps: MailDeps) {}

  async member(tx: Executor, kind: MemberMailKind, userId: string, course: CourseRow, slot: SlotRow, position?: number) {
    const user = await userById(tx, userId);
    if (!user) return;
    const language: Language = isLanguage(user.language) ? user.language : 'zh-TW';
    const mail = memberMail({ kind, course, slot, language, name: user.name, brand: this.deps.config.BRAND_NAME, publicUrl: this.deps.config.PUBLIC_URL, position });
    this.mails.push({ kind: `course.${kind}`, recipient: user.email, ...mail });
  }

  staff(input: Omit<Parameters<typeof staffMail>[0], 'brand' | 'publicUrl'>) {
    this.staffKinds.push({ ...input, brand: this.deps.config.BRAND_NAME, publicUrl: this.deps.config.PUBLIC_URL });
  }

  async write(tx: Executor, now: Date): Promise<Queued> {
    const { recipients, chat: chatOn } = this.staffKinds.length > 0 ? await staffNotices(tx, this.deps.config, 'manage_course') : { recipients: [], chat: false };
    for (const notice of this.staffKinds) {
      const texts = staffMail(notice);
      for (const member of recipients) this.mails.push({ kind: `course.staff.${notice.kind}`, recipient: member.email, subject: texts.subject, body: texts.body });
      if (chatOn) this.chats.push(texts.chat);
    }
    const mailIds = await queueMails(tx, this.mails, now);
    const noticeIds: string[] = [];
    for (const chat of this.chats) noticeIds.push(await queueChatNotice(tx, 'course.staff', chat, now));
    return { mailIds, noticeIds };
  }
}

async function openCourseOf(tx: Executor, slot: SlotRow): Promise<CourseRow> {
  const course = await findCourse(tx, slot.courseId);
  if (!course || course.status !== courseStatus.open) throw new AppError('CourseNotFound');
  return course;
}

/**
 * Registers the member for a slot (spec section 5): refused when already enrolled, when the course
 * or slot does not exist, after the due time or when staff closed the slot, and when the slot is
 * full (ExceedEnrolleeLimit with the limit) unless the member asked for the waitlist. The slot row
 * is locked first, so two members racing for the last seat cannot both get it.
 */
export async function register(deps: Deps, userId: string, form: RegisterForm): Promise<RegistrationResult> {
  const input = registerInput.parse(form);
  const outgoing = new Outgoing(deps);
  const { result, queued } = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const slot = await lockSlot(tx, input.slotId);
    if (!slot) throw new AppError('CourseTimeNotFound');
    const course = await openCourseOf(tx, slot);
    if (await findEnrollee(tx, slot.id, userId)) throw new AppError('CourseRegistered');
    const waiting = await findWaitlistEntry(tx, slot.id, userId);
    if (waiting) throw new AppError('CourseWaitlisted', { position: await waitlistPosition(tx, waiting) });
    if (slot.status !== courseTimeStatus.open || now >= slot.dueTime) throw new AppError('EnrollmentClosed');
    const user = await userById(tx, userId);
    if (!user) throw new AppError('MissingAuthentication');
    const seats = seatsOf(slot);
    const enrolled = await countEnrollees(tx, slot.id);
    let result: RegistrationResult;
    if (enrolled >= seats) {
      if (input.whenFull === 'refuse') throw new AppError('ExceedEnrolleeLimit', { limit: seats });
      const entry = await insertWaitlistEntry(tx, { courseTimeId: slot.id, userId, email: user.email, createdAt: now });
      const position = await waitlistPosition(tx, entry);
      await outgoing.member(tx, 'waitlisted', userId, course, slot, position);
      result = { kind: 'waitlisted', slotId: slot.id, position };
    } else {
      await insertEnrollee(tx, { courseTimeId: slot.id, userId, email: user.email, createdAt: now });
      await outgoing.member(tx, 'registered', userId, course, slot);
      outgoing.staff({ kind: 'registered', course, slot, email: user.email, seatsLeft: seats - enrolled - 1 });
      result = { kind: 'enrolled', slotId: slot.id };
    }
    return { result, queued: await outgoing.write(tx, now) };
  });
  await scheduleDelivery(deps, queued);
  return result;
}

/**
 * Gives freed seats to the waitlist, first in line first, inside the caller's transaction (which
 * holds the slot lock). Only before the class starts and while staff keep the slot open.
 */
async function fillFreedSeats(tx: Executor, outgoing: Outgoing, course: CourseRow, slot: SlotRow, now: Date): Promise<string[]> {
  if (now >= slot.startTime || slot.status !== courseTimeStatus.open) return [];
  const promoted: string[] = [];
  let enrolled = await countEnrollees(tx, slot.id);
  const seats = seatsOf(slot);
  while (enrolled < seats) {
    const next = await firstInLine(tx, slot.id);
    if (!next) break;
    await deleteWaitlistEntry(tx, next.id);
    await insertEnrollee(tx, { courseTimeId: slot.id, userId: next.userId, email: next.email, createdAt: now });
    enrolled += 1;
    await outgoing.member(tx, 'promoted', next.userId, course, slot);
    outgoing.staff({ kind: 'promoted', course, slot, email: next.email, seatsLeft: seats - enrolled });
    promoted.push(next.email);
  }
  return promoted;
}

interface Cancellation {
  slotId: string;
  userId: string;
  reason: number;
  remark: string;
  /** Who cancelled: the member's e-mail, or the staff member's. */
  by: string;
  byStaff: boolean;
}

/** Removes the seat, writes the cancellation record and promotes the first in line, all in one transaction. */
async function cancelSeat(deps: Deps, cancellation: Cancellation) {
  const outgoing = new Outgoing(deps);
  const { promoted, queued } = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const slot = await lockSlot(tx, cancellation.slotId);
    if (!slot) throw new AppError('CourseTimeNotFound');
    const course = await findCourse(tx, slot.courseId);
    if (!course) throw new AppError('CourseNotFound');
    const seat = await findEnrollee(tx, slot.id, cancellation.userId);
    if (!seat) throw new AppError('CourseNotEnrolled');
    if (!cancellation.byStaff && now >= slot.startTime) throw new AppError('CourseStarted');
    await deleteEnrollee(tx, seat.id);
    await insertCancellation(tx, {
      courseId: course.id,
      courseTimeId: slot.id,
      userId: cancellation.userId,
      email: seat.email,
      startTime: slot.startTime,
      reason: cancellation.reason,
      remark: cancellation.remark,
      createdAt: now,
      createdBy: cancellation.by,
    });
    await outgoing.member(tx, 'cancelled', cancellation.userId, course, slot);
    const seatsLeft = seatsOf(slot) - (await countEnrollees(tx, slot.id));
    outgoing.staff({ kind: 'cancelled', course, slot, email: seat.email, seatsLeft, reason: `${cancellation.reason}${cancellation.remark ? ` ${cancellation.remark}` : ''}` });
    const promoted = await fillFreedSeats(tx, outgoing, course, slot, now);
    return { promoted, queued: await outgoing.write(tx, now) };
  });
  await scheduleDelivery(deps, queued);
  return { slotId: cancellation.slotId, promotedEmail: promoted[0] ?? null };
}

/** A member cancels their own seat before the class starts, with a reason from the list and an optional remark. */
export async function cancelRegistration(deps: Deps, userId: string, form: CancelForm) {
  const input = cancelInput.parse(form);
  const user = await userById(deps.db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  return cancelSeat(deps, { ...input, userId, by: user.email, byStaff: false });
}

/** Staff cancel a member's seat (also after the start, e.g. a no-show), with a reason. */
export async function cancelRegistrationForMember(deps: Deps, staffEmail: string, form: StaffCancelForm) {
  const input = staffCancelInput.parse(form);
  return cancelSeat(deps, { ...input, reason: input.reason ?? cancellationReason.byStaff, by: staffEmail, byStaff: true });
}

/** The member leaves a slot's waitlist. */
export async function leaveWaitlist(deps: Pick<Deps, 'db'>, userId: string, form: { slotId: string }): Promise<{ slotId: string }> {
  const { slotId } = slotIdInput.parse(form);
  return deps.db.transaction(async (tx) => {
    const slot = await lockSlot(tx, slotId);
    if (!slot) throw new AppError('CourseTimeNotFound');
    const entry = await findWaitlistEntry(tx, slot.id, userId);
    if (!entry) throw new AppError('CourseNotEnrolled');
    await deleteWaitlistEntry(tx, entry.id);
    return { slotId };
  });
}

/** After staff raise a slot's seats or reopen it: seats that became free go to the waitlist, in the caller's transaction. */
export async function promoteAfterChange(deps: MailDeps, tx: Executor, course: CourseRow, slot: SlotRow, now: Date): Promise<Queued> {
  const outgoing = new Outgoing(deps);
  await fillFreedSeats(tx, outgoing, course, slot, now);
  return outgoing.write(tx, now);
}
