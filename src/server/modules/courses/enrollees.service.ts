import { stringify } from 'csv-stringify/sync';
import iconv from 'iconv-lite';
import { exportEnrolleesInput, slotIdInput, type CsvEncoding, type EnrolleeList } from '../../../shared/courses';
import { formulaSafeCells } from '../../csv';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { groupById, userById } from '../accounts/users.service';
import { countPlaces, findCourse, findEnrolleesOf, findSlot, findWaitlistOf } from './courses.repository';
import { toSlot } from './courses.service';

/** Who is enrolled in a slot, in order of registration, and who waits, in order of arrival. */
export async function enrolleeList(deps: Pick<Deps, 'db' | 'clock'>, input: { slotId: string }): Promise<EnrolleeList> {
  const { slotId } = slotIdInput.parse(input);
  const slot = await findSlot(deps.db, slotId);
  if (!slot) throw new AppError('CourseTimeNotFound');
  const course = await findCourse(deps.db, slot.courseId);
  if (!course) throw new AppError('CourseNotFound');
  const enrollees = [];
  for (const seat of await findEnrolleesOf(deps.db, slot.id)) {
    const user = await userById(deps.db, seat.userId);
    const group = user ? await groupById(deps.db, user.groupId) : undefined;
    enrollees.push({ userId: seat.userId, name: user?.name ?? '', email: seat.email, companyName: group?.companyName ?? '', enrolledAt: seat.createdAt, remindedAt: seat.remindedAt });
  }
  const waitlist = [];
  for (const [index, entry] of (await findWaitlistOf(deps.db, slot.id)).entries()) {
    const user = await userById(deps.db, entry.userId);
    waitlist.push({ userId: entry.userId, name: user?.name ?? '', email: entry.email, position: index + 1, joinedAt: entry.createdAt });
  }
  const counts = await countPlaces(deps.db, [slot.id]);
  return { slot: toSlot(slot, counts.get(slot.id), deps.clock(), course), courseName: course.translations['zh-TW'].name, enrollees, waitlist };
}

const headers = {
  status: '狀態 Status',
  position: '順位 No.',
  name: '姓名 Name',
  email: 'Email',
  company: '公司 Company',
  at: '報名時間 Registered (UTC+8)',
};

function taipeiTime(date: Date): string {
  // 'sv' formats as YYYY-MM-DD HH:mm:ss, which spreadsheets read as a date.
  return date.toLocaleString('sv', { timeZone: 'Asia/Taipei' });
}

/** The list as CSV: Big5 for Excel on Traditional Chinese Windows (spec section 9), or UTF-8 with a byte-order mark. */
export function enrolleesCsv(list: EnrolleeList, encoding: CsvEncoding): Buffer {
  const rows = [
    ...list.enrollees.map((seat, index) => ['enrolled', index + 1, seat.name, seat.email, seat.companyName, taipeiTime(seat.enrolledAt)]),
    ...list.waitlist.map((entry) => ['waitlist', entry.position, entry.name, entry.email, '', taipeiTime(entry.joinedAt)]),
  ];
  const text = stringify(rows, { header: true, columns: [headers.status, headers.position, headers.name, headers.email, headers.company, headers.at], record_delimiter: 'windows', ...formulaSafeCells });
  return encoding === 'big5' ? iconv.encode(text, 'big5') : Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}

export function csvFilename(list: EnrolleeList): string {
  const start = taipeiTime(list.slot.startTime).slice(0, 16).replace(/[-: ]/g, '');
  return `enrollees-${list.slot.courseId}-${start}.csv`;
}

export async function exportEnrollees(deps: Pick<Deps, 'db' | 'clock'>, input: { slotId: string; encoding?: CsvEncoding }) {
  const { slotId, encoding } = exportEnrolleesInput.parse(input);
  const list = await enrolleeList(deps, { slotId });
  return { filename: csvFilename(list), encoding, base64: enrolleesCsv(list, encoding).toString('base64') };
}
