import {
  activateUserInput,
  agentReferenceInput,
  businessCardLimits,
  isProfileComplete,
  languageInput,
  missingProfileFields,
  profileInput,
  type AgentReferenceForm,
  type AwaitingActivation,
  type MemberProfile,
  type ProfileForm,
  userStatus,
} from '../../../shared/accounts';
import type { Language } from '../../../shared/languages';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { accountMail, portalLink } from '../auth/auth.mail';
import { fileKey, sniffContentType } from '../files/storage';
import { queueMails, scheduleDelivery } from '../notifications/outbox.service';
import {
  findGroupById,
  findUserByEmail,
  findUserById,
  lockUserById,
  findUsersAwaitingActivation,
  setGroupAgentReferenceOnce,
  updateGroup,
  updateUser,
  type UserRow,
} from './accounts.repository';

function businessCardKeyOf(userId: string): string {
  return fileKey('business-card', userId);
}

async function memberAndGroup(deps: Pick<Deps, 'db'>, userId: string) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  const group = await findGroupById(deps.db, user.groupId);
  if (!group) throw new AppError('GroupAdminNotFound');
  return { user, group };
}

/** The member profile page: the member, the group's company data, and what is still missing. */
export async function memberProfile(deps: Pick<Deps, 'db'>, userId: string): Promise<MemberProfile> {
  const { user, group } = await memberAndGroup(deps, userId);
  const completeness = {
    name: user.name,
    companyName: group.companyName,
    taxId: group.taxId,
    contactPersonName: group.contactPersonName,
    contactPersonTel: group.contactPersonTel,
    contactPersonEmail: group.contactPersonEmail,
    companyAddress: group.companyAddress,
    businessCardUploaded: Boolean(user.businessCardKey),
  };
  return {
    user: { name: user.name, email: user.email, language: user.language as Language, isGroupAdmin: user.isGroupAdmin, status: user.status },
    group: {
      id: group.id,
      status: group.status,
      companyName: group.companyName,
      taxId: group.taxId ?? '',
      contactPersonName: group.contactPersonName ?? '',
      contactPersonTel: group.contactPersonTel ?? '',
      contactPersonEmail: group.contactPersonEmail ?? '',
      companyAddress: group.companyAddress ?? '',
      refAgentId: group.refAgentId,
    },
    businessCardUploaded: Boolean(user.businessCardKey),
    complete: isProfileComplete(completeness),
    missing: missingProfileFields(completeness),
  };
}

/** Saves the member's name and, for the group administrator, the company data of the group. */
export async function updateMemberProfile(deps: Pick<Deps, 'db' | 'clock'>, userId: string, form: ProfileForm) {
  const input = profileInput.parse(form);
  const { user, group } = await memberAndGroup(deps, userId);
  if (!user.isGroupAdmin) throw new AppError('Unauthorized', { action: 'updateProfile', reason: 'notGroupAdmin' });
  await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    await updateUser(tx, user.id, { name: input.name, updatedAt: now });
    await updateGroup(tx, group.id, {
      companyName: input.companyName,
      taxId: input.taxId,
      contactPersonName: input.contactPersonName || null,
      contactPersonTel: input.contactPersonTel || null,
      contactPersonEmail: input.contactPersonEmail || null,
      companyAddress: input.companyAddress || null,
      updatedAt: now,
    });
  });
  return memberProfile(deps, userId);
}

/** Stores the signed-in member's language: mails and the next sign-in use it (spec section 1). */
export async function setMemberLanguage(deps: Pick<Deps, 'db' | 'clock'>, userId: string, form: { language: Language }) {
  const { language } = languageInput.parse(form);
  await updateUser(deps.db, userId, { language, updatedAt: deps.clock() });
  return { language };
}

/** The agent reference can be set once, after the member confirmed it cannot be changed (spec section 5). */
export async function setAgentReference(deps: Pick<Deps, 'db' | 'clock'>, userId: string, form: AgentReferenceForm) {
  const { refAgentId } = agentReferenceInput.parse(form);
  const { user, group } = await memberAndGroup(deps, userId);
  if (!user.isGroupAdmin) throw new AppError('Unauthorized', { action: 'setAgentReference', reason: 'notGroupAdmin' });
  const updated = await setGroupAgentReferenceOnce(deps.db, group.id, refAgentId, deps.clock());
  if (!updated) throw new AppError('OperationError', { reason: 'agentReferenceAlreadySet' });
  return { refAgentId };
}

/**
 * Stores the member's business card (an image or a PDF, by its bytes, at most 5 MB). A card that
 * exists already is kept unless `overwrite` is asked for: FileExist otherwise.
 */
export async function uploadBusinessCard(deps: Pick<Deps, 'db' | 'clock' | 'storage'>, userId: string, bytes: Buffer, options: { overwrite: boolean }) {
  if (bytes.length === 0 || bytes.length > businessCardLimits.maxBytes) throw new AppError('OutOfRange', { min: 1, max: businessCardLimits.maxBytes });
  const contentType = sniffContentType(bytes);
  if (!contentType) throw new AppError('InvalidParameterType', { variable: 'businessCard', expected: 'image/png, image/jpeg, image/webp, application/pdf', current: 'unknown' });
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  const key = businessCardKeyOf(user.id);
  if (!(await deps.storage.put(key, bytes, { overwrite: options.overwrite }))) throw new AppError('FileExist');
  await updateUser(deps.db, user.id, { businessCardKey: key, updatedAt: deps.clock() });
  return { contentType, size: bytes.length };
}

export async function readBusinessCard(deps: Pick<Deps, 'db' | 'storage'>, userId: string): Promise<{ bytes: Buffer; contentType: string }> {
  const user = await findUserById(deps.db, userId);
  const bytes = user?.businessCardKey ? await deps.storage.get(user.businessCardKey) : undefined;
  if (!bytes) throw new AppError('FileNotExist');
  return { bytes, contentType: sniffContentType(bytes) ?? 'application/octet-stream' };
}

/** Activates a user (status active) and mails them, in their language (spec section 4 'User'). */
export async function activateUser(deps: Deps, actor: StaffActor, form: { userId: string }): Promise<{ email: string; alreadyActive: boolean }> {
  const { userId } = activateUserInput.parse(form);
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('UserNotFound', {});
  return activate(deps, actor, user);
}

export async function activateUserByEmail(deps: Deps, actor: StaffActor, email: string) {
  const user = await findUserByEmail(deps.db, email.trim().toLowerCase());
  if (!user) throw new AppError('UserNotFound', { email });
  return activate(deps, actor, user);
}

async function activate(deps: Deps, actor: StaffActor, user: UserRow) {
  if (user.status === userStatus.active) return { email: user.email, alreadyActive: true };
  // The row is locked and read again, so two staff activating at once send one mail and write one audit row.
  const queued = await deps.db.transaction(async (tx) => {
    const current = await lockUserById(tx, user.id);
    if (!current || current.status === userStatus.active) return undefined;
    const now = deps.clock();
    await updateUser(tx, user.id, { status: userStatus.active, updatedAt: now });
    await recordStaffAction(tx, { ...actor, action: 'user.activate', target: `user:${user.email}`, before: { status: user.status }, after: { status: userStatus.active } });
    const text = accountMail('activated', user.language as Language, { brand: deps.config.BRAND_NAME, name: user.name, link: portalLink(deps.config, '/login', user.language as Language) });
    return { mailIds: await queueMails(tx, [{ kind: 'account.activated', recipient: user.email, ...text }], now), noticeIds: [] };
  });
  if (!queued) return { email: user.email, alreadyActive: true };
  await scheduleDelivery(deps, queued);
  deps.log.info({ userId: user.id }, 'account activated');
  return { email: user.email, alreadyActive: false };
}

/** Members not yet active, oldest first, with their company: the activation queue of staff and the CLI. */
export async function usersAwaitingActivation(deps: Pick<Deps, 'db'>): Promise<AwaitingActivation[]> {
  const rows = await findUsersAwaitingActivation(deps.db);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    emailVerifiedAt: row.emailVerifiedAt,
    createdAt: row.createdAt,
    companyName: row.companyName,
    groupId: row.groupId,
  }));
}
