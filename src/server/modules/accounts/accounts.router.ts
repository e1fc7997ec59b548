import { activateUserInput, activationOutput, agentReferenceInput, agentReferenceOutput, awaitingActivationOutput, languageInput, languageOutput, memberProfileOutput, profileInput } from '../../../shared/accounts';
import { router } from '../../trpc/init';
import { memberProcedure, signedInMemberProcedure, staff } from '../../trpc/procedures';
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
  }),
});
