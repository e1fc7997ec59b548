import { credentialKinds, revealCredentialInput, type CredentialKind, type HostInfo } from '../../../shared/platform';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { groupById, userById } from '../accounts/users.service';
import { isPlatformDomainKey } from './platform-domains';
import { findHostCredential, findHostCredentials, insertReveal } from './host-credentials.repository';

/**
 * Host information (/host-info, issue 11 part 5): the platform host of the member's account (from
 * its domain_key) and its credentials by type. Secrets are never part of the page's data; a
 * member asks for one at a time, and each showing is recorded (who, which, when) before it is sent.
 */
async function memberGroup(deps: Pick<Deps, 'db'>, userId: string) {
  const user = await userById(deps.db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  return { user, group: await groupById(deps.db, user.groupId) };
}

export async function hostInfo(deps: Pick<Deps, 'db' | 'platform'>, userId: string): Promise<HostInfo> {
  const { user, group } = await memberGroup(deps, userId);
  const domainKey = group?.domainKey ?? null;
  const rows = await findHostCredentials(deps.db, user.groupId);
  const order = (kind: string) => credentialKinds.indexOf(kind as CredentialKind);
  return {
    domainKey,
    host: isPlatformDomainKey(domainKey) ? deps.platform.hostAddress(domainKey) : null,
    credentials: rows
      .sort((a, b) => order(a.kind) - order(b.kind))
      .map((row) => ({ kind: row.kind as CredentialKind, address: row.address, username: row.username, hasSecret: row.secret.length > 0 })),
  };
}

export async function revealCredential(deps: Pick<Deps, 'db' | 'clock' | 'log'>, userId: string, form: { kind: CredentialKind }): Promise<{ secret: string }> {
  const { kind } = revealCredentialInput.parse(form);
  const { user } = await memberGroup(deps, userId);
  const row = await findHostCredential(deps.db, user.groupId, kind);
  if (!row || row.secret.length === 0) throw new AppError('NotFound');
  await insertReveal(deps.db, { groupId: user.groupId, kind, userId: user.id, revealedAt: deps.clock() });
  deps.log.info({ userId, groupId: user.groupId, kind }, 'host credential shown');
  return { secret: row.secret };
}
