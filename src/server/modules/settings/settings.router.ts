import { securitySettingsSchema } from '../../../shared/settings';
import { router } from '../../trpc/init';
import { checked, superStaffProcedure } from '../../trpc/procedures';
import { getSecuritySettings, updateSecuritySettings } from './settings.service';

/** /features/security: read and changed by super staff. */
export const settingsRouter = router({
  security: superStaffProcedure.output(checked(securitySettingsSchema)).query(({ ctx }) => getSecuritySettings(ctx.deps.db)),
  updateSecurity: superStaffProcedure
    .input(securitySettingsSchema.partial())
    .output(checked(securitySettingsSchema))
    .mutation(({ ctx, input }) => updateSecuritySettings(ctx.deps, ctx.staffId, input)),
});
