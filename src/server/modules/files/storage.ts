import fs from 'node:fs/promises';
import path from 'node:path';

/** Stored file categories of spec section 3; a key is '<category>/<name>'. */
export const fileCategories = ['business-card', 'bannerImage', 'newsImage', 'newsImage/coverImage', 'invoice', 'quotation', 'remittance', 'orig-quotation', 'terms', 'citdProcess'] as const;
export type FileCategory = (typeof fileCategories)[number];

/** Put, read, check and delete files by key (spec section 7 'File storage'). Local disk by default. */
export interface FileStorage {
  /** Writes the file; with `overwrite` false an existing key is left alone and false is returned. */
  put(key: string, bytes: Buffer, options: { overwrite: boolean }): Promise<boolean>;
  get(key: string): Promise<Buffer | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

export function fileKey(category: FileCategory, name: string): string {
  if (!/^[\w.-]{1,200}$/.test(name) || name.startsWith('.')) throw new Error(`unsafe file name: ${name}`);
  return `${category}/${name}`;
}

/** Files under `root` (DATA_DIR/files); keys are checked so that none leaves it. */
export function createLocalDiskStorage(root: string): FileStorage {
  const base = path.resolve(root);
  const pathOf = (key: string) => {
    const target = path.resolve(base, key);
    if (!target.startsWith(base + path.sep)) throw new Error(`file key outside the storage: ${key}`);
    return target;
  };
  return {
    async put(key, bytes, { overwrite }) {
      const target = pathOf(key);
      // Members' documents (business cards, quotations, remittance slips): the portal's user alone
      // reads them, whatever the umask (DATA_DIR itself is 0700 only on the embedded database's path).
      await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      try {
        // 'wx' fails when the file exists: no check-then-write race between two uploads.
        await fs.writeFile(target, bytes, { flag: overwrite ? 'w' : 'wx', mode: 0o600 });
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw error;
      }
    },
    async get(key) {
      try {
        return await fs.readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async exists(key) {
      try {
        await fs.access(pathOf(key));
        return true;
      } catch {
        return false;
      }
    },
    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}

/** The type of a file from its first bytes, not from what the browser claims. */
export function sniffContentType(bytes: Buffer): string | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return undefined;
}
