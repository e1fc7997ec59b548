import { bindDeviceInput, deviceInput, deviceStatus, type BindDeviceForm, type DeviceView } from '../../../shared/platform';
import { pgErrorCode, type Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { userById, type UserRow } from '../accounts/users.service';
import { accountGoesBy, closeBinding, findGroupDevices, findOpenBinding, findOpenBindings, insertBinding, lockOpenBinding, renameOpenBinding } from './devices.repository';

/**
 * Device binding (/device-binding, issue 11 part 4): a member binds a purchased system, named by
 * its platform id, to their enterprise account, names it, and unbinds it. A device belongs to one
 * account at a time: the database allows one open binding per platform id, so two accounts binding
 * the same device at once cannot both win (the loser gets DeviceAlreadyBound).
 */
const LIST_LIMIT = 100;

async function member(db: Executor, userId: string): Promise<UserRow> {
  const user = await userById(db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  return user;
}

export async function listDevices(deps: Pick<Deps, 'db'>, userId: string): Promise<{ devices: DeviceView[] }> {
  const user = await member(deps.db, userId);
  const rows = await findGroupDevices(deps.db, user.groupId, LIST_LIMIT);
  return {
    devices: rows.map((row) => ({
      platformId: row.platformId,
      name: row.name,
      status: row.unboundAt ? deviceStatus.unbound : deviceStatus.bound,
      boundAt: row.boundAt,
      boundBy: row.boundBy,
      unboundAt: row.unboundAt,
    })),
  };
}

/**
 * The spellings under which an id could name an account on the platform: as given, and in the
 * letter case the portal's ids are made in (enterprise and team ids upper case, member ids lower
 * case, a team member's account `<team id>-<member id>`), in case the platform ignores case.
 */
function spellings(platformId: string): string[] {
  const variants = [platformId, platformId.toUpperCase(), platformId.toLowerCase()];
  const teamAccount = /^(t[a-z0-9]{14})-(.+)$/i.exec(platformId);
  if (teamAccount) variants.push(`${teamAccount[1]!.toUpperCase()}-${teamAccount[2]!.toLowerCase()}`);
  return variants;
}

/**
 * A device is named on the platform by its platform id: points moved to it go to whatever account
 * the platform knows by that id. An id that is an enterprise account's, a team's or a member's (or
 * one of their platform accounts') is therefore no device id: the platformId field is refused.
 */
async function refuseAccountId(db: Executor, platformId: string): Promise<void> {
  if (await accountGoesBy(db, spellings(platformId))) throw new AppError('InvalidInput', { fieldErrors: { platformId: ['validation.deviceIdIsAccount'] } });
}

/** Binds the device to the member's account; binding one's own device again only renames it. */
export async function bindDevice(deps: Pick<Deps, 'db' | 'clock' | 'log'>, userId: string, form: BindDeviceForm): Promise<{ devices: DeviceView[] }> {
  const input = bindDeviceInput.parse(form);
  const user = await member(deps.db, userId);
  await deps.db
    .transaction(async (tx) => {
      await refuseAccountId(tx, input.platformId);
      const open = await findOpenBinding(tx, input.platformId);
      if (open && open.groupId !== user.groupId) throw new AppError('DeviceAlreadyBound');
      if (open) await renameOpenBinding(tx, user.groupId, input.platformId, input.name);
      else await insertBinding(tx, { platformId: input.platformId, groupId: user.groupId, name: input.name, boundBy: user.id, boundAt: deps.clock() });
    })
    .catch((error: unknown) => {
      if (pgErrorCode(error) === '23505') throw new AppError('DeviceAlreadyBound');
      throw error;
    });
  deps.log.info({ userId, platformId: input.platformId }, 'device bound');
  return listDevices(deps, userId);
}

export async function renameDevice(deps: Pick<Deps, 'db'>, userId: string, form: BindDeviceForm): Promise<{ devices: DeviceView[] }> {
  const input = bindDeviceInput.parse(form);
  const user = await member(deps.db, userId);
  if (!(await renameOpenBinding(deps.db, user.groupId, input.platformId, input.name))) throw new AppError('NotFound');
  return listDevices(deps, userId);
}

/** Ends the binding; the device may then be bound by any account. */
export async function unbindDevice(deps: Pick<Deps, 'db' | 'clock' | 'log'>, userId: string, form: { platformId: string }): Promise<{ devices: DeviceView[] }> {
  const input = deviceInput.parse(form);
  const user = await member(deps.db, userId);
  if (!(await closeBinding(deps.db, user.groupId, input.platformId, user.id, deps.clock()))) throw new AppError('NotFound');
  deps.log.info({ userId, platformId: input.platformId }, 'device unbound');
  return listDevices(deps, userId);
}

/**
 * The account's device, bound now, locked for the caller's transaction (points moved to it commit
 * before an unbinding, or are refused after it); DeviceNotBound for an unbound or another account's
 * device, InvalidInput on platformId for an id an account goes by.
 */
export async function lockBoundDevice(tx: Executor, groupId: string, platformId: string): Promise<{ platformId: string; name: string }> {
  // First, in every spelling: a binding made before ids of accounts were refused (in whatever case,
  // before device ids were taken in lower case) is still refused points.
  await refuseAccountId(tx, platformId);
  const row = await lockOpenBinding(tx, groupId, platformId);
  if (!row) throw new AppError('DeviceNotBound');
  return { platformId: row.platformId, name: row.name };
}

/** The devices bound to an account now, newest binding first. */
export function boundDevicesOf(db: Executor, groupId: string): Promise<Array<{ platformId: string; name: string }>> {
  return findOpenBindings(db, groupId);
}
