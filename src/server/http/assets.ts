import type { NextFunction, Request, Response } from 'express';
import express from 'express';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** Build outputs worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;
/** Below this, the headers outweigh what compression saves. */
const MIN_BYTES = 1024;

/** Encodings written beside each asset at build, in the order they are preferred. */
const encodings = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) beside every
 * compressible file under `dir`, once at build, so that no request pays for compressing a hashed
 * asset. A compressed copy that is not smaller than the file is not written.
 */
export function precompressDirectory(dir: string): { files: number; bytes: number; brotliBytes: number } {
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = fs.readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(content, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    const gzip = gzipSync(content, { level: 9 });
    if (brotli.length < content.length) fs.writeFileSync(`${file}.br`, brotli);
    if (gzip.length < content.length) fs.writeFileSync(`${file}.gz`, gzip);
    files += 1;
    bytes += content.length;
    brotliBytes += Math.min(brotli.length, content.length);
  }
  return { files, bytes, brotliBytes };
}

/**
 * Hashed build assets: the brotli or gzip copy written at build when the browser takes it, the
 * file itself otherwise; cached for a year and never revalidated (a new build has new names).
 * A path with no file is a 404, never the app shell.
 */
export function hashedAssets(dir: string) {
  const serve = express.static(dir, {
    fallthrough: false,
    index: false,
    etag: false,
    lastModified: false,
    setHeaders(res) {
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  const exists = new Map<string, boolean>();
  const has = (file: string) => {
    let known = exists.get(file);
    if (known === undefined) {
      known = fs.existsSync(file);
      exists.set(file, known);
    }
    return known;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && COMPRESSIBLE.test(req.path)) {
      res.vary('Accept-Encoding');
      const relative = path.normalize(decodeURIComponentSafe(req.path));
      // Our order, not the header's: browsers list gzip before br, and brotli is the smaller copy.
      const encoding = encodings.find((candidate) => req.acceptsEncodings(candidate.name) === candidate.name);
      if (encoding && !relative.includes('..') && has(path.join(dir, relative + encoding.suffix))) {
        // express.static picks the content type from the name it serves: keep the original's.
        res.type(path.extname(relative));
        res.setHeader('Content-Encoding', encoding.name);
        req.url = relative + encoding.suffix;
        return serve(req, res, next);
      }
    }
    return serve(req, res, next);
  };
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
