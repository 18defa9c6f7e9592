import type { Db } from '../../db/index.js';
import { getBusinessBySlug } from '../../db/queries/businesses.js';
import { photoFamily } from '../domain/photo-family.js';
import { parsePhotoFile, photoKey, placeholderPath } from '../domain/photo-paths.js';
import { safeHttpUrl } from '../domain/safe-url.js';
import type { PhotoResult, PhotoStore } from './photo-store.js';

export type BusinessPhotoAnswer =
  | Extract<PhotoResult, { kind: 'file' }>
  /** The source failed: the business's placeholder instead (`reason` for the log when `fresh`). */
  | { kind: 'placeholder'; path: string; reason: string; fresh: boolean };

/**
 * One size of a listed business's photo, for `/photos/<slug>/<file>`: only that business's own
 * stored URL is ever fetched, and only when the file names its key and a width rehber makes; null
 * otherwise (a 404), so the path cannot be used to fetch anything else.
 */
export async function businessPhoto(db: Db, store: PhotoStore, slug: string, fileName: string): Promise<BusinessPhotoAnswer | null> {
  const file = parsePhotoFile(fileName);
  if (!file) return null;
  const business = await getBusinessBySlug(db, slug);
  const url = safeHttpUrl(business?.photo);
  if (!business || !url || photoKey(url) !== file.key) return null;
  const result = await store.size(url, file.width, file.format);
  if (result.kind === 'file') return result;
  return { kind: 'placeholder', path: placeholderPath(photoFamily(business.category)), reason: result.reason, fresh: result.fresh };
}
