import iconv from 'iconv-lite';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCourse } from '../../factories/courses';
import { makeMember } from '../../factories/members';
import { cliTestTimeout, runCli } from '../../fixtures/cli';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

const cli = (...args: string[]) => runCli(services.database.url, ...args);

/** The CLI's raw stdout bytes, for the Big5 export. */
async function cliBytes(...args: string[]): Promise<Buffer> {
  const { stdout } = await promisify(execFile)(process.execPath, ['bin/inspectra.js', ...args], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: { PATH: process.env.PATH, DATABASE_URL: services.database.url, LOG_LEVEL: 'silent' },
    encoding: 'buffer',
    timeout: 60_000,
  });
  return stdout;
}

describe('course commands', { timeout: cliTestTimeout }, () => {
  let courseId: string;
  let member: Awaited<ReturnType<typeof makeMember>>;
  beforeAll(async () => {
    courseId = (await makeCourse(services.deps)).courseId;
    member = await makeMember(services.deps.db);
  });

  it('adds a slot that members can then register for, and lists the course with its seats taken', async () => {
    const added = await cli('courses', 'add-slot', courseId, '--start', '2031-03-04T09:00+08:00', '--due', '2031-03-03T17:00+08:00', '--end', '2031-03-04T12:00+08:00', '--limit', '2');
    expect(added).toMatchObject({ code: 0, stdout: `Slot added to ${courseId}: 2031-03-04T01:00:00.000Z to 2031-03-04T04:00:00.000Z, 2 seats.\n` });
    const slotId = (await callerFor(services.deps).courses.detail({ courseId })).slots[0]!.id;
    await callerFor(services.deps, { kind: 'member', userId: member.id }).courses.register({ slotId });

    const list = await cli('courses', 'list');
    expect(list.stdout).toMatch(new RegExp(`${courseId}\\s+open\\s+影像標註實作課\\s+inPerson\\s+1\\s+1\\s+0`));
  });

  it('shows a course as JSON and prints the enrollees of a slot named by its start', async () => {
    const shown = JSON.parse((await cli('courses', 'show', courseId, '--json')).stdout);
    expect(shown).toMatchObject({ courseId, slots: [{ seats: 2, enrolled: 1, startTime: '2031-03-04T01:00:00.000Z' }] });
    const table = await cli('courses', 'enrollees', courseId, '2031-03-04T01:00Z');
    expect(table.stdout).toContain(member.email);
    expect(table.stdout).toContain('1 of 2 seats taken, 0 waiting');
  });

  it('prints the enrollees as JSON and as Big5 CSV', async () => {
    expect(JSON.parse((await cli('courses', 'enrollees', courseId, '2031-03-04T09:00+08:00', '--json')).stdout).enrollees[0].email).toBe(member.email);
    const csv = iconv.decode(await cliBytes('courses', 'enrollees', courseId, '2031-03-04T09:00+08:00', '--csv'), 'big5');
    expect(csv).toContain(`enrolled,1,${member.name},${member.email}`);
  });

  it('refuses a class over three hours and an unknown course in words, with exit code 1', async () => {
    expect(await cli('courses', 'add-slot', courseId, '--start', '2031-04-04T09:00+08:00', '--due', '2031-04-03T17:00+08:00', '--end', '2031-04-04T13:00+08:00')).toMatchObject({
      code: 1,
      stderr: 'Error: endTime: A class lasts at most 3 hours.\n',
    });
    expect(await cli('courses', 'show', '99999996')).toMatchObject({ code: 1, stderr: 'Error: No such course.\n' });
  });

  it('refuses an unknown slot start and a time that is no time', async () => {
    expect(await cli('courses', 'enrollees', courseId, '2031-01-01T00:00Z')).toMatchObject({ code: 1, stderr: 'Error: That course has no slot starting at that time.\n' });
    expect((await cli('courses', 'add-slot', courseId, '--start', 'tomorrow', '--due', 'x', '--end', 'y')).code).toBe(1);
  });

  it('refuses seats that are not a whole number from 1 to 15, adding no slot', async () => {
    const slot = ['--start', '2031-05-04T09:00+08:00', '--due', '2031-05-03T17:00+08:00', '--end', '2031-05-04T12:00+08:00'];
    for (const seats of ['0', '16', '0x5', '2.5']) {
      expect(await cli('courses', 'add-slot', courseId, ...slot, '--limit', seats)).toEqual({ code: 1, stdout: '', stderr: `error: option '--limit <n>' argument '${seats}' is invalid. must be a whole number from 1 to 15\n` });
    }
    expect((await callerFor(services.deps).courses.detail({ courseId })).slots.map((entry) => entry.startTime.toISOString())).not.toContain('2031-05-04T01:00:00.000Z');
  });
});
