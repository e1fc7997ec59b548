import type { Command } from 'commander';
import { keyOf } from '../../shared/enums';
import { teamAuth } from '../../shared/teams';
import { setCreateTeamLimit } from '../../server/modules/accounts/users.service';
import { allTeams, teamForStaff } from '../../server/modules/teams/teams.service';
import { printTable, wholeNumber, withServices } from '../context';

const roleName = (auth: number) => keyOf(teamAuth, auth) ?? String(auth);

export function registerTeamCommands(program: Command): void {
  const teams = program.command('teams').description('teams and their members');
  teams
    .command('list')
    .description('every team, oldest first')
    .option('--group <group-id>', 'only the teams of this enterprise account')
    .option('--json', 'print JSON instead of a table')
    .action((options: { group?: string; json?: boolean }) =>
      withServices(async (deps) => {
        const rows = await allTeams(deps.db, options.group?.trim());
        if (options.json) console.log(JSON.stringify(rows, null, 2));
        else printTable(rows.map((row) => ({ id: row.id, name: row.name, group: row.groupId, admin: row.admin, members: row.memberCount, created: row.createdAt })));
      }),
    );
  teams
    .command('show')
    .description('one team: administrator, deputies, size')
    .argument('<team-id>')
    .option('--json', 'print JSON')
    .action((teamId: string, options: { json?: boolean }) =>
      withServices(async (deps) => {
        const team = await teamForStaff(deps.db, teamId);
        if (options.json) console.log(JSON.stringify(team, null, 2));
        else printTable([{ id: team.id, name: team.name, group: team.groupId, admin: team.admin, deputies: team.deputies.join(', '), members: team.memberCount, created: team.createdAt }]);
      }),
    );
  teams
    .command('members')
    .description('the members of a team (admin, deputies, members)')
    .argument('<team-id>')
    .option('--json', 'print JSON instead of a table')
    .action((teamId: string, options: { json?: boolean }) =>
      withServices(async (deps) => {
        const { members } = await teamForStaff(deps.db, teamId);
        if (options.json) console.log(JSON.stringify(members, null, 2));
        else printTable(members.map((member) => ({ email: member.email, name: member.name, role: roleName(member.auth), since: member.since })));
      }),
    );

  const users = program.command('users').description('member accounts: limits');
  users
    .command('set-team-limit')
    .description('how many teams the member may create (create_team_limit)')
    .argument('<email>')
    .argument('<n>', 'a whole number from 0 to 100', wholeNumber(0, 100))
    .action((email: string, limit: number) =>
      withServices(async (deps) => {
        const user = await setCreateTeamLimit(deps.db, email, limit, deps.clock());
        console.log(`${user.email} may now create ${user.createTeamLimit} team(s).`);
      }),
    );
}
