import type { Executor } from '../db/client';
import type { emulatorUsers } from './schema';

/**
 * What the emulated platform checks before it lets a signed 'use platform' link in, after the
 * signature, the time and the one-use rule. Each check returns null to let the visitor in, or the
 * reason it refuses (shown on the page). Add a check by appending it to `loginChecks`: for
 * instance, that a team member's account still belongs to the team it opens.
 */
export interface LoginAttempt {
  account: typeof emulatorUsers.$inferSelect;
  projectType: number;
  funcId: string;
  appId: string;
  view: boolean;
}

export type LoginCheck = (db: Executor, attempt: LoginAttempt) => Promise<string | null>;

const accountIsOpen: LoginCheck = async (_db, { account }) => (account.isClose ? 'This platform account is closed.' : null);

export const loginChecks: LoginCheck[] = [accountIsOpen];
