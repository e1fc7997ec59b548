import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { recordUsage } from '../../platform-emulator/store';
import type { ProjectType } from '../../../shared/points';
import { userByEmail } from '../accounts/users.service';

/**
 * Training or prediction hours of a member's group on the emulated platform (`platform usage`),
 * so that used points show without a platform. A real platform records its own usage.
 */
export async function recordEmulatedUsage(
  deps: Pick<Deps, 'db' | 'platform' | 'clock'>,
  input: { email: string; projectType: ProjectType; hours: number; taskType: 'training' | 'prediction' },
): Promise<{ groupId: string; remainingPoints: number }> {
  if (deps.platform.mode !== 'emulator') throw new AppError('OperationError', { reason: 'platformNotEmulated' });
  const user = await userByEmail(deps.db, input.email.trim().toLowerCase());
  if (!user) throw new AppError('UserNotFound', { email: input.email });
  const result = await recordUsage(deps.db, { ownerId: user.groupId, projectType: input.projectType, hours: input.hours, taskType: input.taskType, by: user.email, at: deps.clock() });
  return { groupId: user.groupId, remainingPoints: result.remaining_points };
}
