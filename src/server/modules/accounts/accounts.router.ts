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
import {
  accountSearchInput,
  accountSearchOutput,
  classChangeInput,
  classChangeListOutput,
  classChangeOutput,
  enableTrialInput,
  groupDetailOutput,
  groupIdInput,
  groupPageOutput,
  userIdInput,
  userStateOutput,
} from '../../../shared/account-admin';
import { router } from '../../trpc/init';
import { checked, memberProcedure, signedInMemberProcedure, staff, staffActor } from '../../trpc/procedures';
import { agentReferrals, clearAgent, listAgents, setAgent } from './agents.service';
import { enableTrial, groupPage, searchAccounts, setUserDisabled } from './account-admin.service';
import { changeClass, classChangesOfGroup, myClassChanges } from './membership.service';
import { activateUser, memberProfile, setAgentReference, setMemberLanguage, updateMemberProfile, usersAwaitingActivation } from './accounts.service';

/** Member accounts: the signed-in member's own profile (management centre /member), and staff work on accounts under `admin`. */
export const accountsRouter = router({
  profile: memberProcedure.output(checked(memberProfileOutput)).query(({ ctx }) => memberProfile(ctx.deps, ctx.userId)),
  updateProfile: memberProcedure.input(profileInput).output(checked(memberProfileOutput)).mutation(({ ctx, input }) => updateMemberProfile(ctx.deps, ctx.userId, input)),
  setLanguage: signedInMemberProcedure.input(languageInput).output(checked(languageOutput)).mutation(({ ctx, input }) => setMemberLanguage(ctx.deps, ctx.userId, input)),
  setAgentReference: memberProcedure.input(agentReferenceInput).output(checked(agentReferenceOutput)).mutation(({ ctx, input }) => setAgentReference(ctx.deps, ctx.userId, input)),
  classChanges: memberProcedure.output(checked(classChangeListOutput)).query(({ ctx }) => myClassChanges(ctx.deps, ctx.userId)),
  admin: router({
    search: staff('activate_account').input(accountSearchInput).output(checked(accountSearchOutput)).query(({ ctx, input }) => searchAccounts(ctx.deps, input)),
    group: staff('activate_account').input(groupIdInput).output(checked(groupPageOutput)).query(({ ctx, input }) => groupPage(ctx.deps, input)),
    groupClassChanges: staff('activate_account').input(groupIdInput).output(checked(classChangeListOutput)).query(({ ctx, input }) => classChangesOfGroup(ctx.deps, input.groupId)),
    enableTrial: staff('activate_account').input(enableTrialInput).output(checked(groupDetailOutput)).mutation(({ ctx, input }) => enableTrial(ctx.deps, staffActor(ctx), input)),
    changeClass: staff('activate_account').input(classChangeInput).output(checked(classChangeOutput)).mutation(({ ctx, input }) => changeClass(ctx.deps, staffActor(ctx), input)),
    disableUser: staff('activate_account').input(userIdInput).output(checked(userStateOutput)).mutation(({ ctx, input }) => setUserDisabled(ctx.deps, staffActor(ctx), input, true)),
    enableUser: staff('activate_account').input(userIdInput).output(checked(userStateOutput)).mutation(({ ctx, input }) => setUserDisabled(ctx.deps, staffActor(ctx), input, false)),
    awaitingActivation: staff('activate_account').output(checked(awaitingActivationOutput)).query(({ ctx }) => usersAwaitingActivation(ctx.deps)),
    activate: staff('activate_account')
      .input(activateUserInput)
      .output(checked(activationOutput))
      .mutation(({ ctx, input }) => activateUser(ctx.deps, staffActor(ctx), input)),
    /** Agents and the accounts referring to them (agent_management). */
    agents: router({
      list: staff('agent_management').output(checked(agentListOutput)).query(({ ctx }) => listAgents(ctx.deps)),
      referrals: staff('agent_management')
        .input(agentReferralsInput)
        .output(checked(agentReferralsOutput))
        .query(({ ctx, input }) => agentReferrals(ctx.deps, input.agentId)),
      set: staff('agent_management')
        .input(agentSetInput)
        .output(checked(agentOutput))
        .mutation(({ ctx, input }) => setAgent(ctx.deps, staffActor(ctx), input)),
      clear: staff('agent_management')
        .input(agentClearInput)
        .output(checked(agentClearInput))
        .mutation(({ ctx, input }) => clearAgent(ctx.deps, staffActor(ctx), input.groupId)),
    }),
  }),
});
