/**
 * The hook through which a password change reaches the user's accounts on the AI platform (spec
 * section 7: POST /scapi/v1/changepwd with oldpwd, newpwd, confirmpwd and user_id_list[]).
 *
 * The platform connector is not built yet. Until it is, `platformConnectorNotYetBuilt` is wired in
 * and a password change only updates the portal; the connector's work is to provide a real
 * implementation here. A failure must throw: the caller then reports Unknown and keeps the old password.
 */
export interface PlatformPasswordChange {
  /** The user's platform account names (users.platform_user_id), never empty. */
  platformUserIds: string[];
  /** Null after a reset by mail, when the old password is not known. */
  oldPassword: string | null;
  newPassword: string;
}

export interface PlatformAccountsHook {
  changePassword(change: PlatformPasswordChange): Promise<void>;
}

export const platformConnectorNotYetBuilt: PlatformAccountsHook = {
  async changePassword() {},
};
