import { projectType } from '../../../shared/points';
import type { Executor } from '../../db/client';
import { groupById, userByEmail } from '../accounts/users.service';
import { movePoints } from '../points/transfers.service';
import { insertBinding } from './devices.repository';

/**
 * Demo data (seed): the demo member's account has two inspection systems bound and one it
 * unbound when the line moved, so /device-binding shows every status; 8 M Points were moved to the
 * stamping line's station last week.
 */
export async function addDemoDevices(tx: Executor, ownerEmail: string, now: Date): Promise<void> {
  const owner = await userByEmail(tx, ownerEmail);
  if (!owner) return;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000);
  const devices = [
    { platformId: '5f0c2a7e-93b1-4d6a-8c2e-1a7b9e0d4c31', name: '沖壓線 AOI 工作站', boundAt: at(60), unboundAt: null },
    { platformId: 'b84e6d10-2f57-4c9b-a3e1-7d0c5f2a9b66', name: '射出成型外觀檢測機 2 號', boundAt: at(21), unboundAt: null },
    { platformId: '0d3a9c4b-6e18-47f2-b5a0-c9e2d71f8a05', name: '舊組裝線計數站', boundAt: at(120), unboundAt: at(45) },
  ];
  for (const device of devices) {
    await insertBinding(tx, { ...device, groupId: owner.groupId, boundBy: owner.id, unboundBy: device.unboundAt ? owner.id : null });
  }
  const move = { source: { groupId: owner.groupId }, destination: { groupId: owner.groupId, deviceId: devices[0]!.platformId }, sourceDomain: (await groupById(tx, owner.groupId))?.domainKey ?? null, by: ownerEmail };
  await movePoints(tx, { ...move, entries: [{ projectType: projectType.mPoint, tenths: 80 }] }, at(6));
}
