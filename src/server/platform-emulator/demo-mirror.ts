import type { Db } from '../db/client';
import { balances, recordUsage } from './store';

/**
 * The demo account's usage as the platform would know it (portal.ts calls this after seeding, when
 * the emulator stands in for the platform, and after the seed's credits and transfers were
 * delivered to it through the outbox). Usage is the platform's own doing, which the portal never
 * sends: without this, the emulator would read the demo's usage as none. Once only: an account the
 * emulator already knows usage of is left alone.
 */
export async function mirrorUsageIntoEmulator(db: Db, groupId: string, used: Array<{ projectType: number; tenths: number }>, now: Date): Promise<void> {
  if ((await balances(db, groupId)).some((balance) => balance.usedTenths > 0)) return;
  for (const usage of used) await recordUsage(db, { ownerId: groupId, projectType: usage.projectType, hours: usage.tenths / 10, taskType: 'training', by: 'demo', at: now });
}
