import { packageInput, packageListOutput, packageOutput, packageUpdateInput } from '../../../shared/packages';
import { router } from '../../trpc/init';
import { checked, publicProcedure, staff, staffActor } from '../../trpc/procedures';
import { allPackages, createPackage, packagesOnSale, trialOffer, updatePackage } from './packages.service';

export const packagesRouter = router({
  /** Packages on sale: the pricing page and /buy-points. */
  onSale: publicProcedure.output(checked(packageListOutput)).query(({ ctx }) => packagesOnSale(ctx.deps)),
  /** The trial plan the pricing page offers, or null when no trial package is active. */
  trialOffer: publicProcedure.output(checked(packageOutput.nullable())).query(({ ctx }) => trialOffer(ctx.deps)),
  admin: router({
    list: staff('points_management').output(checked(packageListOutput)).query(({ ctx }) => allPackages(ctx.deps)),
    create: staff('points_management').input(packageInput).output(checked(packageOutput)).mutation(({ ctx, input }) => createPackage(ctx.deps, input, staffActor(ctx))),
    update: staff('points_management')
      .input(packageUpdateInput)
      .output(checked(packageOutput))
      .mutation(({ ctx, input }) => updatePackage(ctx.deps, input.packageId, input.values, staffActor(ctx))),
  }),
});
