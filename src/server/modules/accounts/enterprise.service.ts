import { randomInt } from 'node:crypto';
import { groupStatus, userStatus } from '../../../shared/accounts';
import type { Language } from '../../../shared/languages';
import type { Executor } from '../../db/client';
import { groupIdExists, insertGroup, insertUser, type GroupRow, type UserRow } from './accounts.repository';

const GROUP_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** 14 random uppercase letters or digits (spec section 9). */
export function newGroupId(): string {
  return Array.from({ length: 14 }, () => GROUP_ID_ALPHABET[randomInt(GROUP_ID_ALPHABET.length)]).join('');
}

async function uniqueGroupId(db: Executor): Promise<string> {
  for (;;) {
    const id = newGroupId();
    if (!(await groupIdExists(db, id))) return id;
  }
}

interface NewEnterprise {
  companyName: string;
  taxId: string;
  name: string;
  phone: string;
  email: string;
  passwordHash: string;
  language: Language;
  companyAddress?: string;
}

/**
 * Registers an enterprise in `tx`: its group (not activated, a new 14-character id) and the administrator
 * user (pending, group admin, team limit 1, terms accepted). `activated` makes the administrator
 * verified and active at once: the demo data.
 */
export async function createEnterprise(tx: Executor, input: NewEnterprise, now: Date, options: { activated?: boolean } = {}): Promise<{ group: GroupRow; user: UserRow }> {
  const group = await insertGroup(tx, {
    id: await uniqueGroupId(tx),
    status: groupStatus.notActivated,
    companyName: input.companyName,
    taxId: input.taxId,
    contactPersonName: input.name,
    contactPersonTel: input.phone,
    contactPersonEmail: input.email,
    companyAddress: input.companyAddress,
    createdAt: now,
    updatedAt: now,
  });
  const user = await insertUser(tx, {
    name: input.name,
    email: input.email,
    passwordHash: input.passwordHash,
    passwordChangedAt: now,
    status: options.activated ? userStatus.active : userStatus.pending,
    emailVerifiedAt: options.activated ? now : null,
    groupId: group.id,
    isGroupAdmin: true,
    createTeamLimit: 1,
    termsAcceptedAt: now,
    language: input.language,
    createdAt: now,
    updatedAt: now,
  });
  return { group, user };
}
