import { randomUUID } from 'node:crypto';
import { contentImageName, contentImagePath, newsLimits } from '../../../shared/content';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { fileKey, sniffContentType } from '../files/storage';
import { requireStaffPermission } from '../staff/permissions.service';

/**
 * Images of news (covers and body images), uploaded by content staff: the type is read from the
 * bytes (PNG, JPEG or WebP, whatever the browser claimed), at most 2 MB, stored under the newsImage
 * category with a name the server chooses, and served to everyone at /content-images/<name>.
 */
const extensionOf: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export async function uploadContentImage(deps: Pick<Deps, 'db' | 'storage' | 'log'>, staffId: string, bytes: Buffer) {
  await requireStaffPermission(deps.db, staffId, 'content_management');
  if (bytes.length === 0 || bytes.length > newsLimits.imageBytes) throw new AppError('OutOfRange', { min: 1, max: newsLimits.imageBytes });
  const contentType = sniffContentType(bytes);
  const extension = contentType ? extensionOf[contentType] : undefined;
  if (!contentType || !extension) throw new AppError('InvalidParameterType', { variable: 'image', expected: newsLimits.imageTypes.join(', '), current: contentType ?? 'unknown' });
  const name = `${randomUUID()}.${extension}`;
  await deps.storage.put(fileKey('newsImage', name), bytes, { overwrite: false });
  deps.log.info({ staffId, name, size: bytes.length }, 'news image uploaded');
  return { url: `${contentImagePath}/${name}`, contentType, size: bytes.length };
}

/** A stored news image by its public name; NotFound for anything else. */
export async function readContentImage(deps: Pick<Deps, 'storage'>, name: string): Promise<{ bytes: Buffer; contentType: string }> {
  if (!contentImageName.test(name)) throw new AppError('NotFound');
  const bytes = await deps.storage.get(fileKey('newsImage', name));
  const contentType = bytes ? sniffContentType(bytes) : undefined;
  if (!bytes || !contentType) throw new AppError('NotFound');
  return { bytes, contentType };
}
