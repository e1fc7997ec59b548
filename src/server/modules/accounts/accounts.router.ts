import {
  activateUserInput,
  activationOutput,
  agentClearInput,
  agentListOutput,
  agentOutput,
  agentReferenceInput,
  agentReferenceOutput,
  agentReferralsInput,
  agentReferralsOutput,
  agentSetInput,
  awaitingActivationOutput,
  languageInput,
  languageOutput,
  memberProfileOutput,
  profileInput,
} from '../../../shared/accounts';
import { router } from '../../trpc/init';
import { memberProcedure, signedInMemberProcedure, staff, staffActor } from '../../trpc/procedures';
import { agentReferrals, clearAgent, listAgents, setAgent } from './agents.service';
import { activateUser, memberProfile, setAgentReference, setMemberLanguage, updateMemberProfile, usersAwaitingActivation } from './accounts.service';

/** Member accounts: the signed-in member's own profile (management centre /member), and staff work on accounts under `admin`. */
export const accountsRouter = router({
  profile: memberProcedure.output(memberProfileOutput).query(({ ctx }) => memberProfile(ctx.deps, ctx.userId)),
  updateProfile: memberProcedure.input(profileInput).output(memberProfileOutput).mutation(({ ctx, input }) => updateMemberProfile(ctx.deps, ctx.userId, input)),
  setLanguage: signedInMemberProcedure.input(languageInput).output(languageOutput).mutation(({ ctx, input }) => setMemberLanguage(ctx.deps, ctx.userId, input)),
  setAgentReference: memberProcedure.input(agentReferenceInput).output(agentReferenceOutput).mutation(({ ctx, input }) => setAgentReference(ctx.deps, ctx.userId, input)),
  admin: router({
    awaitingActivation: staff('activate_account').output(awaitingActivationOutput).query(({ ctx }) => usersAwaitingActivation(ctx.deps)),
    activate: staff('activate_account')
      .input(activateUserInput)
      .output(activationOutput)
      .mutation(({ ctx, input }) => activateUser(ctx.deps, input)),
    /** Agents and the accounts referring to them (agent_management). */
    agents: router({
      list: staff('agent_management').output(agentListOutput).query(({ ctx }) => listAgents(ctx.deps)),
      referrals: staff('agent_management')
        .input(agentReferralsInput)
        .output(agentReferralsOutput)
        .query(({ ctx, input }) => agentReferrals(ctx.deps, input.agentId)),
      set: staff('agent_management')
        .input(agentSetInput)
        .output(agentOutput)
        .mutation(({ ctx, input }) => setAgent(ctx.deps, staffActor(ctx), input)),
      clear: staff('agent_management')
        .input(agentClearInput)
        .output(agentClearInput)
        .mutation(({ ctx, input }) => clearAgent(ctx.deps, staffActor(ctx), input.groupId)),
    }),
  }),
});
