import { activateUserInput, agentReferenceInput, languageInput, profileInput } from '../../../shared/accounts';
import { router } from '../../trpc/init';
import { memberProcedure, signedInMemberProcedure, staff } from '../../trpc/procedures';
import { activateUser, memberProfile, setAgentReference, setMemberLanguage, updateMemberProfile, usersAwaitingActivation } from './accounts.service';

/** Member accounts: the signed-in member's own profile (management centre /member), and staff work on accounts under `admin`. */
export const accountsRouter = router({
  profile: memberProcedure.query(({ ctx }) => memberProfile(ctx.deps, ctx.userId)),
  updateProfile: memberProcedure.input(profileInput).mutation(({ ctx, input }) => updateMemberProfile(ctx.deps, ctx.userId, input)),
  setLanguage: signedInMemberProcedure.input(languageInput).mutation(({ ctx, input }) => setMemberLanguage(ctx.deps, ctx.userId, input)),
  setAgentReference: memberProcedure.input(agentReferenceInput).mutation(({ ctx, input }) => setAgentReference(ctx.deps, ctx.userId, input)),
  admin: router({
    awaitingActivation: staff('activate_account').query(({ ctx }) => usersAwaitingActivation(ctx.deps)),
    activate: staff('activate_account')
      .input(activateUserInput)
      .mutation(({ ctx, input }) => activateUser(ctx.deps, input)),
  }),
});
