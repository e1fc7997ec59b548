import {
  bindDeviceInput,
  deviceInput,
  devicesOutput,
  hostInfoOutput,
  openPlatformInput,
  openPlatformOutput,
  platformChoicesOutput,
  revealCredentialInput,
  revealCredentialOutput,
} from '../../../shared/platform';
import { router } from '../../trpc/init';
import { memberProcedure } from '../../trpc/procedures';
import { bindDevice, listDevices, renameDevice, unbindDevice } from './devices.service';
import { hostInfo, revealCredential } from './host-info.service';
import { openPlatform, platformChoices } from './open-platform.service';

/** 'Use platform' (spec sections 2 and 7): the spaces the member may open, and the signed redirect to one; the account's bound devices. */
export const platformRouter = router({
  choices: memberProcedure.output(platformChoicesOutput).query(({ ctx }) => platformChoices(ctx.deps, ctx.userId)),
  open: memberProcedure.input(openPlatformInput).output(openPlatformOutput).mutation(({ ctx, input }) => openPlatform(ctx.deps, ctx.userId, input)),
  hostInfo: memberProcedure.output(hostInfoOutput).query(({ ctx }) => hostInfo(ctx.deps, ctx.userId)),
  revealCredential: memberProcedure.input(revealCredentialInput).output(revealCredentialOutput).mutation(({ ctx, input }) => revealCredential(ctx.deps, ctx.userId, input)),
  devices: router({
    list: memberProcedure.output(devicesOutput).query(({ ctx }) => listDevices(ctx.deps, ctx.userId)),
    bind: memberProcedure.input(bindDeviceInput).output(devicesOutput).mutation(({ ctx, input }) => bindDevice(ctx.deps, ctx.userId, input)),
    rename: memberProcedure.input(bindDeviceInput).output(devicesOutput).mutation(({ ctx, input }) => renameDevice(ctx.deps, ctx.userId, input)),
    unbind: memberProcedure.input(deviceInput).output(devicesOutput).mutation(({ ctx, input }) => unbindDevice(ctx.deps, ctx.userId, input)),
  }),
});
