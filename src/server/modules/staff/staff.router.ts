import { signedOutOutput } from '../../../shared/auth';
import {
  createStaffInput,
  mailSettingsInput,
  mailSettingsOutput,
  staffIdInput,
  staffListOutput,
  staffMemberOutput,
  staffProfileOutput,
  staffRemovedOutput,
  staffRolesInput,
  staffSessionOutput,
  staffSignInInput,
  staffSignInOutput,
  updateStaffInput,
} from '../../../shared/staff';
import { router } from '../../trpc/init';
import { checked, publicProcedure, staffActor, superStaffProcedure } from '../../trpc/procedures';
import { getMailSettings, updateMailSettings } from './mail-settings.service';
import { addStaff, editStaff, grantStaffRoles, listStaff, removeStaff, revokeStaffRoles } from './staff-admin.service';
import { signInStaff, signOutStaff, staffProfile, staffSession } from './staff-sign-in.service';

export const staffRouter = router({
  signIn: publicProcedure.input(staffSignInInput).output(checked(staffSignInOutput)).mutation(({ ctx, input }) => signInStaff(ctx.deps, input, ctx, ctx.cookies)),
  signOut: publicProcedure.output(checked(signedOutOutput)).mutation(({ ctx }) => signOutStaff(ctx.deps, ctx.cookies)),
  session: publicProcedure.output(checked(staffSessionOutput)).query(({ ctx }) => staffSession(ctx.deps, ctx.actor.kind === 'staff' ? ctx.actor.staffId : undefined)),
  me: publicProcedure.output(checked(staffProfileOutput)).query(({ ctx }) => staffProfile(ctx.deps, ctx.actor.kind === 'staff' ? ctx.actor.staffId : undefined)),
  /** Staff management (issue 12 part 2): super staff only. */
  admin: router({
    mailSettings: superStaffProcedure.output(checked(mailSettingsOutput)).query(({ ctx }) => getMailSettings(ctx.deps)),
    updateMailSettings: superStaffProcedure
      .input(mailSettingsInput)
      .output(checked(mailSettingsOutput))
      .mutation(({ ctx, input }) => updateMailSettings(ctx.deps, staffActor(ctx), input)),
    list: superStaffProcedure.output(checked(staffListOutput)).query(({ ctx }) => listStaff(ctx.deps)),
    create: superStaffProcedure.input(createStaffInput).output(checked(staffMemberOutput)).mutation(({ ctx, input }) => addStaff(ctx.deps, staffActor(ctx), input)),
    update: superStaffProcedure.input(updateStaffInput).output(checked(staffMemberOutput)).mutation(({ ctx, input }) => editStaff(ctx.deps, staffActor(ctx), input)),
    grant: superStaffProcedure.input(staffRolesInput).output(checked(staffMemberOutput)).mutation(({ ctx, input }) => grantStaffRoles(ctx.deps, staffActor(ctx), input)),
    revoke: superStaffProcedure.input(staffRolesInput).output(checked(staffMemberOutput)).mutation(({ ctx, input }) => revokeStaffRoles(ctx.deps, staffActor(ctx), input)),
    remove: superStaffProcedure
      .input(staffIdInput)
      .output(checked(staffRemovedOutput))
      .mutation(({ ctx, input }) => removeStaff(ctx.deps, staffActor(ctx), input)),
  }),
});
