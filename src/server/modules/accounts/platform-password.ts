/**
 * The hook through which a password change reaches the user's accounts on the AI platform (spec
 * section 7: POST /scapi/v1/changepwd with oldpwd, newpwd, confirmpwd and user_id_list[]).
 * The platform module implements it (modules/platform/platform-password.hook.ts, wired in
 * portal.ts). A failure must throw: the caller then reports Unknown and keeps the old password.
 */
export interface PlatformPasswordChange {
  /** The user's platform account names (users.platform_user_id), never empty. */
  platformUserIds: string[];
  /** The domain_key of the user's group: which platform cloud holds the accounts. */
  domainKey: string | null;
  /** Null after a reset by mail, when the old password is not known. */
  oldPassword: string | null;
  newPassword: string;
}

export interface PlatformAccountsHook {
  changePassword(change: PlatformPasswordChange): Promise<void>;
}
