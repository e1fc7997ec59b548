import type { PlatformAccountsHook } from '../accounts/platform-password';
import type { PlatformConnector } from './platform.connector';

/** The accounts module's password hook, wired to changepwd: the platform takes the change first, or it throws. */
export function platformPasswordHook(connector: PlatformConnector): PlatformAccountsHook {
  return {
    async changePassword(change) {
      await connector.changePassword(change.domainKey, { userIds: change.platformUserIds, oldPassword: change.oldPassword, newPassword: change.newPassword });
    },
  };
}
