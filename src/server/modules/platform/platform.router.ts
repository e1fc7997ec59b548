import {
  bindDeviceInput,
  deviceInput,
  devicesOutput,
  devicePointsOutput,
  deviceTransferInput,
  hostInfoOutput,
  openPlatformInput,
  openPlatformOutput,
  platformChoicesOutput,
  platformDeliveriesInput,
  platformDeliveriesOutput,
  platformDeliveryRetryInput,
  platformDeliveryRetryOutput,
  revealCredentialInput,
  revealCredentialOutput,
} from '../../../shared/platform';
import { transferOutput } from '../../../shared/points';
import { router } from '../../trpc/init';
import { checked, memberProcedure, staff, staffActor } from '../../trpc/procedures';
import { devicePoints, transferToDevice } from './device-points.service';
import { bindDevice, listDevices, renameDevice, unbindDevice } from './devices.service';
import { hostInfo, revealCredential } from './host-info.service';
import { openPlatform, platformChoices } from './open-platform.service';
import { listPlatformDeliveries, retryPlatformDelivery } from './platform-deliveries.service';

/**
 * 'Use platform' (spec sections 2 and 7): the spaces the member may open, and the signed redirect to
 * one; the account's bound devices and host information. Under `admin`, the back office's view of
 * the platform outbox (issue 9 part 5, points_management).
 */
export const platformRouter = router({
  choices: memberProcedure.output(checked(platformChoicesOutput)).query(({ ctx }) => platformChoices(ctx.deps, ctx.userId)),
  open: memberProcedure.input(openPlatformInput).output(checked(openPlatformOutput)).mutation(({ ctx, input }) => openPlatform(ctx.deps, ctx.userId, input)),
  hostInfo: memberProcedure.output(checked(hostInfoOutput)).query(({ ctx }) => hostInfo(ctx.deps, ctx.userId)),
  revealCredential: memberProcedure.input(revealCredentialInput).output(checked(revealCredentialOutput)).mutation(({ ctx, input }) => revealCredential(ctx.deps, ctx.userId, input)),
  devices: router({
    list: memberProcedure.output(checked(devicesOutput)).query(({ ctx }) => listDevices(ctx.deps, ctx.userId)),
    bind: memberProcedure.input(bindDeviceInput).output(checked(devicesOutput)).mutation(({ ctx, input }) => bindDevice(ctx.deps, ctx.userId, input)),
    rename: memberProcedure.input(bindDeviceInput).output(checked(devicesOutput)).mutation(({ ctx, input }) => renameDevice(ctx.deps, ctx.userId, input)),
    unbind: memberProcedure.input(deviceInput).output(checked(devicesOutput)).mutation(({ ctx, input }) => unbindDevice(ctx.deps, ctx.userId, input)),
    /** The account's remaining points and each bound device's points (visible project types). */
    points: memberProcedure.output(checked(devicePointsOutput)).query(({ ctx }) => devicePoints(ctx.deps, ctx.userId)),
    /** Moves points from the enterprise account to one of its bound devices. */
    transfer: memberProcedure.input(deviceTransferInput).output(checked(transferOutput)).mutation(({ ctx, input }) => transferToDevice(ctx.deps, ctx.userId, input)),
  }),
  admin: router({
    deliveries: staff('points_management')
      .input(platformDeliveriesInput)
      .output(checked(platformDeliveriesOutput))
      .query(async ({ ctx, input }) => ({ emulated: ctx.deps.platform.mode === 'emulator', items: await listPlatformDeliveries(ctx.deps, input) })),
    /** A failed delivery tried again now, with its idempotency key (never applied twice). */
    retry: staff('points_management')
      .input(platformDeliveryRetryInput)
      .output(checked(platformDeliveryRetryOutput))
      .mutation(({ ctx, input }) => retryPlatformDelivery(ctx.deps, input.id, staffActor(ctx))),
  }),
});
