import {
  createTeamInput,
  deputyInput,
  myTeamsOutput,
  teamChangeOutput,
  teamDetailOutput,
  teamEventsOutput,
  teamInput,
  teamMemberInput,
  teamFilesOutput,
  teamMembersOutput,
  updateTeamInput,
} from '../../../shared/teams';
import { router } from '../../trpc/init';
import { checked, memberProcedure } from '../../trpc/procedures';
import { handOverAdmin, inviteMember, kickMember, leaveTeam, setDeputy, teamMembers } from './team-members.service';
import { teamFiles } from './team-files.service';
import { createTeam, editTeam, myTeams, teamDetail, teamEvents } from './teams.service';

/** Teams (management centre team space): every role check is in the services, from the database, at each call. */
export const teamsRouter = router({
  mine: memberProcedure.output(checked(myTeamsOutput)).query(({ ctx }) => myTeams(ctx.deps, ctx.userId)),
  create: memberProcedure.input(createTeamInput).output(checked(teamDetailOutput)).mutation(({ ctx, input }) => createTeam(ctx.deps, ctx.userId, input)),
  detail: memberProcedure.input(teamInput).output(checked(teamDetailOutput)).query(({ ctx, input }) => teamDetail(ctx.deps, ctx.userId, input)),
  edit: memberProcedure.input(updateTeamInput).output(checked(teamDetailOutput)).mutation(({ ctx, input }) => editTeam(ctx.deps, ctx.userId, input)),
  members: memberProcedure.input(teamInput).output(checked(teamMembersOutput)).query(({ ctx, input }) => teamMembers(ctx.deps, ctx.userId, input)),
  files: memberProcedure.input(teamInput).output(checked(teamFilesOutput)).query(({ ctx, input }) => teamFiles(ctx.deps, ctx.userId, input)),
  events: memberProcedure.input(teamInput).output(checked(teamEventsOutput)).query(({ ctx, input }) => teamEvents(ctx.deps, ctx.userId, input)),
  invite: memberProcedure.input(teamMemberInput).output(checked(teamChangeOutput)).mutation(({ ctx, input }) => inviteMember(ctx.deps, ctx.userId, input)),
  kick: memberProcedure.input(teamMemberInput).output(checked(teamChangeOutput)).mutation(({ ctx, input }) => kickMember(ctx.deps, ctx.userId, input)),
  setDeputy: memberProcedure.input(deputyInput).output(checked(teamChangeOutput)).mutation(({ ctx, input }) => setDeputy(ctx.deps, ctx.userId, input)),
  leave: memberProcedure.input(teamInput).output(checked(teamChangeOutput)).mutation(({ ctx, input }) => leaveTeam(ctx.deps, ctx.userId, input)),
  handOver: memberProcedure.input(teamMemberInput).output(checked(teamChangeOutput)).mutation(({ ctx, input }) => handOverAdmin(ctx.deps, ctx.userId, input)),
});
