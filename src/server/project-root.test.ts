import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './project-root';

describe('projectRoot', () => {
  it("finds the portal's own directory, where the files read at run time are", () => {
    const root = projectRoot();
    expect(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))).toMatchObject({ name: 'inspectra-portal' });
    expect(fs.existsSync(path.join(root, 'src/server/db/migrations/meta/_journal.json'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'src/client/i18n'))).toBe(true);
  });
});
