import { deviceTransferInput, type DevicePoints, type DeviceTransferForm } from '../../../shared/platform';
import { visibleProjectTypes, type TransferResult, type TypeBalance } from '../../../shared/points';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { groupById, userById } from '../accounts/users.service';
import { platformUsage, refreshUsage } from '../points/balance.service';
import type { Account } from '../points/ledger.service';
import { accountFigures, checkedEntries, moveBetween, unknownFigures } from '../points/transfers.service';
import { boundDevicesOf, lockBoundDevice } from './devices.service';

/**
 * Points for a bound device (issues 9 part 7 and 11 part 4, spec section 1: buy points, then
 * 'transfer points to the purchased system on the device-binding page'). A member moves points from
 * their enterprise account to one of its devices under the transfer rules: the same ledger, platform
 * outbox and locks as team transfers, so concurrent transfers never overdraw the account. The binding
 * row stays locked while the points move, so an unbinding cannot slip in between.
 */
const visible = (types: TypeBalance[]) => types.filter((figure) => (visibleProjectTypes as readonly number[]).includes(figure.projectType));

async function member(deps: Pick<Deps, 'db'>, userId: string) {
  const user = await userById(deps.db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  return user;
}

export async function transferToDevice(deps: Deps, userId: string, form: DeviceTransferForm): Promise<TransferResult> {
  const input = deviceTransferInput.parse(form);
  const entries = checkedEntries(input.transferList);
  return moveBetween(deps, async (tx) => {
    const user = await member({ db: tx }, userId);
    const device = await lockBoundDevice(tx, user.groupId, input.platformId);
    const group = await groupById(tx, user.groupId);
    return {
      source: { groupId: user.groupId },
      destination: { groupId: user.groupId, deviceId: device.platformId },
      sourceDomain: group?.domainKey ?? null,
      by: user.email,
      entries,
    };
  });
}

/**
 * The account's remaining points and the points moved to each device bound now, each with its usage
 * as the platform has it (read again when older than USAGE_FRESH_MS): a device spends its points on
 * predictions. When the platform cannot be read for one of them, `retrieved` is false and every
 * figure zero, as a balance shows it (issue 9 part 4).
 */
export async function devicePoints(deps: Deps, userId: string): Promise<DevicePoints> {
  const user = await member(deps, userId);
  const devices = await boundDevicesOf(deps.db, user.groupId);
  const usage = platformUsage(deps);
  const accounts: Account[] = [{ groupId: user.groupId }, ...devices.map((device) => ({ groupId: user.groupId, deviceId: device.platformId }))];
  const read = await Promise.all(accounts.map((account) => refreshUsage(deps, account, usage)));
  const retrieved = !read.includes('failed');
  const figures = async (account: Account) => visible(retrieved ? await accountFigures(deps.db, account) : unknownFigures());
  return {
    retrieved,
    account: await figures(accounts[0]!),
    devices: await Promise.all(devices.map(async (device, index) => ({ ...device, types: await figures(accounts[index + 1]!) }))),
  };
}
