import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { teamAuth } from '../../../src/shared/teams';
import { makeMember } from '../../factories/members';
import { makeTeam } from '../../factories/teams';
import { cliTestTimeout, runCli } from '../../fixtures/cli';
import { openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

const cli = (...args: string[]) => runCli(services.database.url, ...args);

describe('team commands', { timeout: cliTestTimeout }, () => {
  it('lists teams, shows one and its members, as tables and as JSON', async () => {
    const { team, admin, members } = await makeTeam(services.deps.db, [teamAuth.deputy, teamAuth.member, teamAuth.kicked]);
    const other = await makeTeam(services.deps.db);

    const list = await cli('teams', 'list', '--group', admin.groupId, '--json');
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toMatchObject([{ id: team.id, admin: admin.email, memberCount: 3 }]);
    expect((await cli('teams', 'list')).stdout).toContain(other.team.id);

    const show = await cli('teams', 'show', team.id, '--json');
    expect(JSON.parse(show.stdout)).toMatchObject({ id: team.id, admin: admin.email, deputies: [members[0]!.email], memberCount: 3 });

    const table = await cli('teams', 'members', team.id);
    expect(table.stdout).toMatch(new RegExp(`${members[0]!.email}.*deputy`));
    expect(table.stdout).not.toContain(members[2]!.email);
    const json = JSON.parse((await cli('teams', 'members', team.id, '--json')).stdout) as Array<{ email: string; auth: number }>;
    expect(json.map((m) => m.auth)).toEqual([0, 1, 2]);

    expect(await cli('teams', 'show', 'TNOSUCHTEAM0000')).toMatchObject({ code: 1, stderr: 'Error: No team with that id.\n' });
  });

  it('sets a member\'s create_team_limit, refusing unknown members and bad numbers', async () => {
    const member = await makeMember(services.deps.db);
    expect(await cli('users', 'set-team-limit', member.email, '3')).toMatchObject({ code: 0, stdout: `${member.email} may now create 3 team(s).\n` });
    const [stored] = await services.deps.db.select().from(users).where(eq(users.id, member.id));
    expect(stored!.createTeamLimit).toBe(3);
    expect(await cli('users', 'set-team-limit', 'nobody@unknown-parts.example', '2')).toMatchObject({ code: 1, stderr: 'Error: No account with that e-mail.\n' });
    for (const limit of ['101', '-1', '2.5']) {
      expect(await cli('users', 'set-team-limit', member.email, limit)).toEqual({ code: 1, stdout: '', stderr: `error: command-argument value '${limit}' is invalid for argument 'n'. must be a whole number from 0 to 100\n` });
    }
    expect(await cli('users', 'set-team-limit', member.email, '0')).toMatchObject({ code: 0, stdout: `${member.email} may now create 0 team(s).\n` });
  });
});
