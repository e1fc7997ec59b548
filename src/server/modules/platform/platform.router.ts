import { openPlatformInput, openPlatformOutput, platformChoicesOutput } from '../../../shared/platform';
import { router } from '../../trpc/init';
import { memberProcedure } from '../../trpc/procedures';
import { openPlatform, platformChoices } from './open-platform.service';

/** 'Use platform' (spec sections 2 and 7): the spaces the member may open, and the signed redirect to one. */
export const platformRouter = router({
  choices: memberProcedure.output(platformChoicesOutput).query(({ ctx }) => platformChoices(ctx.deps, ctx.userId)),
  open: memberProcedure.input(openPlatformInput).output(openPlatformOutput).mutation(({ ctx, input }) => openPlatform(ctx.deps, ctx.userId, input)),
});
