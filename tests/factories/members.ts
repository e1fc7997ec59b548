import { hashPassword } from '../../src/server/modules/auth/password-hash';
import { insertGroup, insertUser, type UserRow } from '../../src/server/modules/accounts/accounts.repository';
import { newGroupId } from '../../src/server/modules/accounts/enterprise.service';
import type { Executor } from '../../src/server/db/client';
import { groupStatus, userStatus, type UserStatus } from '../../src/shared/accounts';
import type { Language } from '../../src/shared/languages';

let sequence = 0;
export const memberPassword = 'Lens-inspection-42';
let cachedHash: string | undefined;

export interface MemberOptions {
  email?: string;
  status?: UserStatus;
  verified?: boolean;
  disabled?: boolean;
  termsAccepted?: boolean;
  isGroupAdmin?: boolean;
  passwordChangedAt?: Date | null;
  language?: Language;
  platformUserId?: string;
  /** The group's platform domain (platformDomainKey). */
  domainKey?: string;
  now?: Date;
}

/** An enterprise group with one member; by default an active, verified group administrator. */
export async function makeMember(db: Executor, options: MemberOptions = {}): Promise<UserRow & { password: string }> {
  sequence += 1;
  const now = options.now ?? new Date();
  cachedHash ??= await hashPassword(memberPassword);
  const group = await insertGroup(db, { id: newGroupId(), companyName: `精密光學 ${sequence}`, taxId: '24536806', status: groupStatus.notActivated, domainKey: options.domainKey ?? null });
  const user = await insertUser(db, {
    name: `林志明 ${sequence}`,
    email: options.email ?? `member${sequence}-${Math.random().toString(36).slice(2, 7)}@hsinchu-optics.example`,
    passwordHash: cachedHash,
    passwordChangedAt: options.passwordChangedAt === undefined ? now : options.passwordChangedAt,
    status: options.status ?? userStatus.active,
    emailVerifiedAt: (options.verified ?? true) ? now : null,
    disabled: options.disabled ?? false,
    termsAcceptedAt: (options.termsAccepted ?? true) ? now : null,
    groupId: group.id,
    isGroupAdmin: options.isGroupAdmin ?? true,
    language: options.language ?? 'zh-TW',
    platformUserId: options.platformUserId,
  });
  return { ...user, password: memberPassword };
}
