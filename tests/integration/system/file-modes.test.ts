import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage, fileKey } from '../../../src/server/modules/files/storage';

/** Members' stored documents are the portal's user's alone, whatever the process's umask. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-files-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('stored files', () => {
  it('are written readable by the owner only, in folders only the owner can enter', async () => {
    const previous = process.umask(0o022);
    try {
      const files = path.join(root, 'data', 'files');
      const storage = createLocalDiskStorage(files);
      await storage.put(fileKey('remittance', 'M202611290011'), Buffer.from('slip'), { overwrite: false });
      await storage.put(fileKey('orig-quotation', 'M202611290011.pdf'), Buffer.from('%PDF'), { overwrite: true });
      const mode = (target: string) => fs.statSync(target).mode & 0o777;
      expect(mode(path.join(files, 'remittance', 'M202611290011'))).toBe(0o600);
      expect(mode(path.join(files, 'orig-quotation', 'M202611290011.pdf'))).toBe(0o600);
      for (const folder of [path.join(root, 'data'), files, path.join(files, 'remittance')]) expect(mode(folder)).toBe(0o700);
    } finally {
      process.umask(previous);
    }
  });
});
