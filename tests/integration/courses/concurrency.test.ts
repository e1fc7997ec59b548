import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseCancellations, courseEnrollees, courseWaitlist } from '../../../src/server/db/schema';
import { makeCourse, makeSlot } from '../../factories/courses';
import { makeMember } from '../../factories/members';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

/**
 * Seats under load, on whichever database the suite runs on (the embedded one, or the PostgreSQL
 * server at TEST_DATABASE_URL, where the calls really run in parallel on several connections).
 */
let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

async function members(count: number) {
  const made = [];
  for (let index = 0; index < count; index += 1) made.push(await makeMember(services.deps.db));
  return made;
}

const callerOf = (userId: string) => callerFor(services.deps, { kind: 'member', userId });

describe('50 members racing for 10 seats', { timeout: 120_000 }, () => {
  it('gives exactly 10 seats and a waitlist of 40 numbered 1 to 40 in order of arrival; a cancellation promotes exactly the first', async () => {
    const course = await makeCourse(services.deps);
    const slot = await makeSlot(services.deps, course.courseId, { limit: 10 });
    const racers = await members(50);

    const results = await Promise.all(racers.map((member) => callerOf(member.id).courses.register({ slotId: slot.id, whenFull: 'waitlist' })));

    const enrolled = results.filter((result) => result.kind === 'enrolled');
    const waitlisted = results.flatMap((result) => (result.kind === 'waitlisted' ? [result.position] : []));
    expect(enrolled).toHaveLength(10);
    expect(waitlisted.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    const seats = await services.deps.db.select().from(courseEnrollees).where(eq(courseEnrollees.courseTimeId, slot.id));
    expect(seats).toHaveLength(10);
    const line = await services.deps.db.select().from(courseWaitlist).where(eq(courseWaitlist.courseTimeId, slot.id)).orderBy(asc(courseWaitlist.sequence));
    expect(line).toHaveLength(40);
    // The position each member was told is their place in the stored line.
    for (const [index, entry] of line.entries()) {
      const told = results[racers.findIndex((member) => member.id === entry.userId)]!;
      expect(told).toMatchObject({ kind: 'waitlisted', position: index + 1 });
    }
    expect(new Set([...seats.map((seat) => seat.userId), ...line.map((entry) => entry.userId)]).size).toBe(50);

    const leaving = seats[0]!;
    expect(await callerOf(leaving.userId).courses.cancel({ slotId: slot.id, reason: 2 })).toEqual({ slotId: slot.id, promotedEmail: line[0]!.email });
    const after = await services.deps.db.select().from(courseEnrollees).where(eq(courseEnrollees.courseTimeId, slot.id));
    expect(after).toHaveLength(10);
    expect(after.map((seat) => seat.userId)).toContain(line[0]!.userId);
    expect(after.map((seat) => seat.userId)).not.toContain(line[1]!.userId);
    expect(await services.deps.db.select().from(courseWaitlist).where(eq(courseWaitlist.courseTimeId, slot.id))).toHaveLength(39);
    expect((await callerOf(line[1]!.userId).courses.mine()).items[0]!.place).toEqual({ kind: 'waitlisted', position: 1 });
  });

  it('refuses the 40 over the limit with ExceedEnrolleeLimit when they do not ask for the waitlist', async () => {
    const course = await makeCourse(services.deps);
    const slot = await makeSlot(services.deps, course.courseId, { limit: 10 });
    const racers = await members(50);
    const settled = await Promise.allSettled(racers.map((member) => callerOf(member.id).courses.register({ slotId: slot.id })));
    expect(settled.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    const refusals = await Promise.all(settled.flatMap((result) => (result.status === 'rejected' ? [failure(Promise.reject(result.reason))] : [])));
    expect(refusals).toHaveLength(40);
    for (const refusal of refusals) expect(refusal).toMatchObject({ code: 'ExceedEnrolleeLimit', params: { limit: 10 } });
    expect(await services.deps.db.select().from(courseEnrollees).where(eq(courseEnrollees.courseTimeId, slot.id))).toHaveLength(10);
  });

  it('keeps the count exact when 10 seat holders cancel at once while 10 others wait: all 10 waiting get seats, none twice', async () => {
    const course = await makeCourse(services.deps);
    const slot = await makeSlot(services.deps, course.courseId, { limit: 10 });
    const holders = await members(10);
    for (const member of holders) await callerOf(member.id).courses.register({ slotId: slot.id });
    const waiting = await members(10);
    for (const member of waiting) await callerOf(member.id).courses.register({ slotId: slot.id, whenFull: 'waitlist' });

    const results = await Promise.all(holders.map((member) => callerOf(member.id).courses.cancel({ slotId: slot.id, reason: 1 })));

    expect(new Set(results.map((result) => result.promotedEmail)).size).toBe(10);
    const seats = await services.deps.db.select().from(courseEnrollees).where(eq(courseEnrollees.courseTimeId, slot.id));
    expect(seats.map((seat) => seat.userId).sort()).toEqual(waiting.map((member) => member.id).sort());
    expect(await services.deps.db.select().from(courseWaitlist).where(eq(courseWaitlist.courseTimeId, slot.id))).toHaveLength(0);
    expect(await services.deps.db.select().from(courseCancellations).where(eq(courseCancellations.courseTimeId, slot.id))).toHaveLength(10);
  });
});
