import type { Executor } from '../../src/server/db/client';
import { recordPurchase } from '../../src/server/modules/points/ledger.service';
import { projectType, type ProjectType } from '../../src/shared/points';

let orderSequence = 0;

/** A paid purchase of `points` whole points (type 9 unless told), as an enabled order records it. */
export async function givePoints(db: Executor, groupId: string, points: number, options: { projectType?: ProjectType; at?: Date } = {}) {
  orderSequence += 1;
  return recordPurchase(db, {
    groupId,
    orderId: `M20261123${String(orderSequence).padStart(3, '0')}${Math.floor(Math.random() * 10)}-${Math.random().toString(36).slice(2, 6)}`,
    projectType: options.projectType ?? projectType.mPoint,
    points: points * 10,
    by: 'finance@inspectra.example',
    at: options.at ?? new Date(),
  });
}
