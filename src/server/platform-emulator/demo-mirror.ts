import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { balances, recordPurchase, recordUsage, transferPoints } from './store';

/**
 * The demo account as the platform would know it (portal.ts calls this after seeding, when the
 * emulator stands in for the platform): its credits, its transfers to its team and device, and its
 * usage. Without it the emulator knows nothing of the demo's points, so the demo's transfers would
 * be refused at delivery. Once only: an account the emulator already knows is left alone.
 */
export async function mirrorIntoEmulator(
  db: Db,
  history: {
    groupId: string;
    credits: Array<{ projectType: number; tenths: number; by: string; at: Date }>;
    transfers: Array<{ to: string; projectType: number; tenths: number; by: string; at: Date }>;
    used: Array<{ projectType: number; tenths: number }>;
  },
  now: Date,
): Promise<void> {
  if ((await balances(db, history.groupId)).length > 0) return;
  await db.transaction(async (tx) => {
    for (const credit of history.credits) await recordPurchase(tx, { recordId: randomUUID(), groupId: history.groupId, tenths: credit.tenths, projectType: credit.projectType, by: credit.by, isRemit: 'Y', at: credit.at });
    for (const transfer of history.transfers) {
      await transferPoints(tx, { transferId: randomUUID(), from: history.groupId, to: transfer.to, by: transfer.by, list: [{ projectType: transfer.projectType, tenths: transfer.tenths }], at: transfer.at });
    }
  });
  for (const usage of history.used) await recordUsage(db, { ownerId: history.groupId, projectType: usage.projectType, hours: usage.tenths / 10, taskType: 'training', by: 'demo', at: now });
}
