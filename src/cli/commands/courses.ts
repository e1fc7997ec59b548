import { Command, InvalidArgumentError, Option } from 'commander';
import { courseLimits, courseStatus, courseTimeStatus, csvEncodings, type CsvEncoding } from '../../shared/courses';
import { keyOf } from '../../shared/enums';
import { addSlot, courseForStaff, listCoursesForStaff, slotByStart } from '../../server/modules/courses/course-admin.service';
import { enrolleeList, enrolleesCsv } from '../../server/modules/courses/enrollees.service';
import { printTable, wholeNumber, withServices } from '../context';

/** A time with its offset or Z (ISO 8601), e.g. 2026-12-03T09:00+08:00. */
function time(value: string): Date {
  const date = new Date(value);
  if (!/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    throw new InvalidArgumentError('must be an ISO 8601 time such as 2026-12-03T09:00+08:00');
  }
  return date;
}

function print(json: boolean | undefined, value: unknown, table: () => void) {
  if (json) console.log(JSON.stringify(value, null, 2));
  else table();
}

export function registerCourseCommands(program: Command): void {
  const courses = program.command('courses').description('courses, their time slots and enrollees');
  courses
    .command('list')
    .description('every course with its number of slots and seats taken')
    .option('--json', 'print JSON instead of a table')
    .action((options: { json?: boolean }) =>
      withServices(async (deps) => {
        const { items } = await listCoursesForStaff(deps);
        print(options.json, items, () =>
          printTable(
            items.map((course) => ({
              id: course.courseId,
              status: keyOf(courseStatus, course.status),
              name: course.translations['zh-TW'].name,
              mode: course.mode,
              slots: course.slots.length,
              enrolled: course.slots.reduce((sum, slot) => sum + slot.enrolled, 0),
              waitlisted: course.slots.reduce((sum, slot) => sum + slot.waitlisted, 0),
            })),
          ),
        );
      }),
    );
  courses
    .command('show')
    .description('one course and its slots (times in UTC)')
    .argument('<course-id>', '8-digit course id')
    .option('--json', 'print JSON instead of a table')
    .action((courseId: string, options: { json?: boolean }) =>
      withServices(async (deps) => {
        const course = await courseForStaff(deps, { courseId });
        print(options.json, course, () => {
          console.log(`${course.courseId}  ${course.translations['zh-TW'].name}  (${course.mode}: ${course.mode === 'online' ? course.meetingUrl : course.location})\n`);
          printTable(
            course.slots.map((slot) => ({
              start: slot.startTime,
              end: slot.endTime,
              due: slot.dueTime,
              status: keyOf(courseTimeStatus, slot.status),
              seats: slot.seats,
              enrolled: slot.enrolled,
              waitlisted: slot.waitlisted,
            })),
          );
        });
      }),
    );
  courses
    .command('add-slot')
    .description('add a time slot (at most 3 hours; registration due no later than the start)')
    .argument('<course-id>', '8-digit course id')
    .requiredOption('--start <time>', 'start, ISO 8601 with offset', time)
    .requiredOption('--due <time>', 'registration closes, ISO 8601 with offset', time)
    .requiredOption('--end <time>', 'end, ISO 8601 with offset', time)
    .option('--limit <n>', `seats, 1 to ${courseLimits.maxAttendees} (default: the class limit of ${courseLimits.maxAttendees})`, wholeNumber(1, courseLimits.maxAttendees))
    .option('--json', 'print JSON')
    .action((courseId: string, options: { start: Date; due: Date; end: Date; limit?: number; json?: boolean }) =>
      withServices(async (deps) => {
        const slot = await addSlot(deps, null, { courseId, startTime: options.start, dueTime: options.due, endTime: options.end, enrolleeLimit: options.limit ?? null });
        print(options.json, slot, () => console.log(`Slot added to ${courseId}: ${slot.startTime.toISOString()} to ${slot.endTime.toISOString()}, ${slot.seats} seats.`));
      }),
    );
  courses
    .command('enrollees')
    .description('who is enrolled in a slot and who waits')
    .argument('<course-id>', '8-digit course id')
    .argument('<slot-start>', 'the slot start, ISO 8601 with offset', time)
    .option('--csv', 'print CSV (as the back office exports it)')
    .addOption(new Option('--encoding <encoding>', 'CSV encoding').choices(csvEncodings).default('big5'))
    .option('--json', 'print JSON instead of a table')
    .action((courseId: string, start: Date, options: { csv?: boolean; encoding: CsvEncoding; json?: boolean }) =>
      withServices(async (deps) => {
        const slot = await slotByStart(deps, courseId, start);
        const list = await enrolleeList(deps, { slotId: slot.id });
        if (options.csv) {
          process.stdout.write(enrolleesCsv(list, options.encoding));
          return;
        }
        print(options.json, list, () => {
          printTable(list.enrollees.map((seat, index) => ({ no: index + 1, name: seat.name, email: seat.email, company: seat.companyName, registered: seat.enrolledAt })));
          if (list.waitlist.length > 0) {
            console.log('\nWaitlist');
            printTable(list.waitlist.map((entry) => ({ no: entry.position, name: entry.name, email: entry.email, joined: entry.joinedAt })));
          }
          console.log(`\n${list.slot.enrolled} of ${list.slot.seats} seats taken, ${list.slot.waitlisted} waiting`);
        });
      }),
    );
}
