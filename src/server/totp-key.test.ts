import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedKeyFile, resolveTotpKey } from './totp-key';

describe('the TOTP encryption key', () => {
  it('comes from TOTP_ENCRYPTION_KEY when set, and writes nothing', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-key-'));
    const key = Buffer.alloc(32, 9);
    expect(resolveTotpKey({ TOTP_ENCRYPTION_KEY: key.toString('base64'), DATA_DIR: dataDir })).toEqual(key);
    expect(fs.existsSync(path.join(dataDir, generatedKeyFile))).toBe(false);
  });

  it('is generated once under DATA_DIR when unset, readable by the owner only, and the same on the next start', () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-key-')), 'data');
    const first = resolveTotpKey({ DATA_DIR: dataDir });
    expect(first).toHaveLength(32);
    expect(fs.statSync(path.join(dataDir, generatedKeyFile)).mode & 0o777).toBe(0o600);
    expect(resolveTotpKey({ DATA_DIR: dataDir })).toEqual(first);
  });
});
