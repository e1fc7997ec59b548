import { credentialKinds, hostCredentialInput, revealCredentialInput, type CredentialKind, type HostCredentialForm, type HostInfo } from '../../../shared/platform';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { isSealedSecret, openSecret, sealSecret } from '../../secret-box';
import { groupById, userById } from '../accounts/users.service';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { isPlatformDomainKey } from './platform-domains';
import { findHostCredential, findHostCredentials, insertReveal, upsertHostCredential } from './host-credentials.repository';

/**
 * Host information (/host-info, issue 11 part 5): the platform host of the member's account (from
 * its domain_key) and its credentials by type. Secrets are never part of the page's data; a
 * member asks for one at a time, and each showing is recorded (who, which, when) before it is sent.
 * At rest the secrets are sealed (AES-256-GCM, the key that also seals authenticator secrets).
 */
async function memberGroup(deps: Pick<Deps, 'db'>, userId: string) {
  const user = await userById(deps.db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  return { user, group: await groupById(deps.db, user.groupId) };
}

export async function hostInfo(deps: Pick<Deps, 'db' | 'platform'>, userId: string): Promise<HostInfo> {
  const { user } = await memberGroup(deps, userId);
  return groupHostInfo(deps, user.groupId);
}

/** The host information of one enterprise account, secrets left out (the member's page, the CLI). */
export async function groupHostInfo(deps: Pick<Deps, 'db' | 'platform'>, groupId: string): Promise<HostInfo> {
  const group = await groupById(deps.db, groupId);
  if (!group) throw new AppError('NotFound');
  const domainKey = group.domainKey ?? null;
  const rows = await findHostCredentials(deps.db, groupId);
  const order = (kind: string) => credentialKinds.indexOf(kind as CredentialKind);
  return {
    domainKey,
    host: isPlatformDomainKey(domainKey) ? deps.platform.hostAddress(domainKey) : null,
    credentials: rows
      .sort((a, b) => order(a.kind) - order(b.kind))
      .map((row) => ({ kind: row.kind as CredentialKind, address: row.address, username: row.username, hasSecret: row.secret.length > 0 })),
  };
}

export async function revealCredential(deps: Pick<Deps, 'db' | 'clock' | 'log' | 'totpKey'>, userId: string, form: { kind: CredentialKind }): Promise<{ secret: string }> {
  const { kind } = revealCredentialInput.parse(form);
  const { user } = await memberGroup(deps, userId);
  const row = await findHostCredential(deps.db, user.groupId, kind);
  if (!row || row.secret.length === 0) throw new AppError('NotFound');
  await insertReveal(deps.db, { groupId: user.groupId, kind, userId: user.id, revealedAt: deps.clock() });
  deps.log.info({ userId, groupId: user.groupId, kind }, 'host credential shown');
  return { secret: openSecret(deps.totpKey, row.secret) };
}

/**
 * Staff set one credential of an account (the CLI): address and user name as given, the secret sealed.
 * The audit row names what changed, never the secret.
 */
export async function setHostCredential(deps: Pick<Deps, 'db' | 'clock' | 'totpKey'>, groupId: string, form: HostCredentialForm, actor: StaffActor): Promise<void> {
  const { kind, address, username, secret } = hostCredentialInput.parse(form);
  if (!(await groupById(deps.db, groupId))) throw new AppError('NotFound');
  await deps.db.transaction(async (tx) => {
    const before = await findHostCredential(tx, groupId, kind);
    await upsertHostCredential(tx, { groupId, kind, address, username, secret: secret ? sealSecret(deps.totpKey, secret) : '', updatedAt: deps.clock() });
    await recordStaffAction(tx, {
      ...actor,
      action: 'group.hostCredential',
      target: groupId,
      before: before ? { kind, address: before.address, username: before.username, hasSecret: before.secret.length > 0 } : null,
      after: { kind, address, username, hasSecret: secret.length > 0 },
    });
  });
}

/** At start: host secrets stored in plain text before encryption at rest are sealed. */
export async function sealPlainHostSecrets(deps: Pick<Deps, 'db' | 'totpKey' | 'log'>): Promise<void> {
  const rows = (await findHostCredentials(deps.db)).filter((row) => row.secret.length > 0 && !isSealedSecret(row.secret));
  for (const row of rows) await upsertHostCredential(deps.db, { ...row, secret: sealSecret(deps.totpKey, row.secret) });
  if (rows.length > 0) deps.log.info({ sealed: rows.length }, 'host credential secrets encrypted at rest');
}

/** Demo data (seed): the demo account's three credentials on cloud A, so /host-info shows each type. */
export async function addDemoHostInfo(tx: Executor, key: Buffer, groupId: string, now: Date): Promise<void> {
  const entries = [
    { kind: 'login', address: 'https://cloud-a.inspectra.example/login', username: 'chenghong-admin', secret: 'demo-Login-7Kq2' },
    { kind: 'remote', address: 'rdp://10.20.4.17:3389', username: 'aoi-station', secret: 'demo-Remote-4Zx9' },
    { kind: 'inference', address: 'https://infer.cloud-a.inspectra.example', username: 'chenghong-infer', secret: 'demo-Infer-2Wm5' },
  ] as const;
  for (const entry of entries) await upsertHostCredential(tx, { ...entry, secret: sealSecret(key, entry.secret), groupId, updatedAt: now });
}
