import type { Executor } from '../../db/client';
import { credentialKind } from '../../../shared/platform';
import { userByEmail } from '../accounts/users.service';
import { upsertHostCredential } from './host-credentials.repository';

/** Demo data (seed): the demo account's three credentials on cloud A, so /host-info shows each type. */
export async function addDemoHostInfo(tx: Executor, ownerEmail: string, now: Date): Promise<void> {
  const owner = await userByEmail(tx, ownerEmail);
  if (!owner) return;
  const entries = [
    { kind: credentialKind.login, address: 'https://cloud-a.inspectra.example/login', username: 'chenghong-admin', secret: 'demo-Login-7Kq2' },
    { kind: credentialKind.remote, address: 'rdp://10.20.4.17:3389', username: 'aoi-station', secret: 'demo-Remote-4Zx9' },
    { kind: credentialKind.inference, address: 'https://infer.cloud-a.inspectra.example', username: 'chenghong-infer', secret: 'demo-Infer-2Wm5' },
  ];
  for (const entry of entries) await upsertHostCredential(tx, { ...entry, groupId: owner.groupId, updatedAt: now });
}
