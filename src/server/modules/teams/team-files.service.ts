import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { teamIdField, teamInput, type TeamFiles } from '../../../shared/teams';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { requireTeamRole } from './team-access';
import { findTeamFile, findTeamFiles, insertTeamFile } from './teams.repository';

/**
 * The team's files (/download in the team space, issue 11 part 6): any active member (auth 0, 1, 2)
 * lists and downloads them, checked from the database at each request; nobody else learns they exist.
 */
export async function teamFiles(deps: Pick<Deps, 'db'>, userId: string, form: { teamId: string }): Promise<TeamFiles> {
  const { teamId } = teamInput.parse(form);
  await requireTeamRole(deps.db, teamId, userId, 'view');
  return { files: await findTeamFiles(deps.db, teamId) };
}

const fileRequest = z.object({ teamId: teamIdField, fileId: z.uuid() });

export async function readTeamFile(deps: Pick<Deps, 'db' | 'storage'>, userId: string, form: { teamId: string; fileId: string }): Promise<{ name: string; bytes: Buffer }> {
  const parsed = fileRequest.safeParse(form);
  if (!parsed.success) throw new AppError('FileNotExist');
  await requireTeamRole(deps.db, parsed.data.teamId, userId, 'view');
  const file = await findTeamFile(deps.db, parsed.data.teamId, parsed.data.fileId);
  const bytes = file ? await deps.storage.get(file.storageKey) : undefined;
  if (!file || !bytes) throw new AppError('FileNotExist');
  return { name: file.name, bytes };
}

/** Stores a file of the team (demo data; an upload screen would call the same). */
export async function addTeamFile(tx: Executor, storage: Deps['storage'], file: { teamId: string; name: string; bytes: Buffer; uploadedBy: string; at: Date }): Promise<void> {
  const id = randomUUID();
  const storageKey = `team-files/${file.teamId}/${id}`;
  await storage.put(storageKey, file.bytes, { overwrite: false });
  await insertTeamFile(tx, { id, teamId: file.teamId, name: file.name, storageKey, sizeBytes: file.bytes.length, uploadedBy: file.uploadedBy, uploadedAt: file.at });
}
