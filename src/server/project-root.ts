import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let found: string | undefined;

/**
 * The directory holding the portal's package.json. Runtime files (the web app, its translations,
 * the migrations, the fonts' packages) are found from here, so that the same code works run from
 * src (tests, development) and bundled into dist/server (npm start).
 */
export function projectRoot(): string {
  if (found) return found;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  found = dir;
  return dir;
}
