import type { Db } from '../db/client';
import { balances, recordUsage } from './store';

/**
 * The demo account's usage as the platform would know it (portal.ts calls this after seeding, when
 * the emulator stands in for the platform, and after the seed's credits and transfers were
 * delivered to it through the outbox). Usage is the platform's own doing, which the portal never
 * sends: without this, the emulator would read the demo's usage as none. The portal's readings are
 * cumulative per day; each day's increase becomes one job of that day, training and prediction in
 * turn, so that the usage records (/point-record) show the jobs the chart's used line adds up.
 * Once only: an account the emulator already knows usage of is left alone.
 */
export async function mirrorUsageIntoEmulator(db: Db, groupId: string, readings: Array<{ projectType: number; day: string; used: number }>): Promise<void> {
  if ((await balances(db, groupId)).some((balance) => balance.usedTenths > 0)) return;
  const before = new Map<number, number>();
  let job = 0;
  for (const reading of readings) {
    const tenths = reading.used - (before.get(reading.projectType) ?? 0);
    before.set(reading.projectType, reading.used);
    if (tenths <= 0) continue;
    const taskType = job++ % 2 === 0 ? 'training' : 'prediction';
    await recordUsage(db, { ownerId: groupId, projectType: reading.projectType, hours: tenths / 10, taskType, by: 'demo', at: new Date(`${reading.day}T06:00:00Z`) });
  }
}
