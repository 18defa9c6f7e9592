import type { Db } from '../../db/index.js';
import { getBusinessBySlug } from '../../db/queries/businesses.js';
import type { NamedRef } from '../../domain/types.js';
import { photoFamily } from '../../domain/photo-family.js';
import { parsePhotoFile, photoKey, placeholderPath } from '../../domain/photo-paths.js';
import { safeHttpUrl } from '../../domain/safe-url.js';
import { BoundedCache } from '../../domain/bounded-cache.js';
import { MAX_SLUG_LENGTH } from '../../domain/slug.js';
import type { PhotoResult, PhotoStore } from './photo-store.js';

export type BusinessPhotoAnswer =
  | Extract<PhotoResult, { kind: 'file' }>
  /** The source failed, or is still being fetched (`pending`): the business's placeholder instead (`reason` for the log when `fresh`). */
  | { kind: 'placeholder'; path: string; reason: string; fresh: boolean; pending: boolean };

/** What a photo path needs of its business. */
interface PhotoOwner {
  url: string | null;
  category: NamedRef | null;
}

/** Slugs whose owner is remembered (until the data version moves); the least recently asked go first. */
const OWNERS_KEPT = { maxEntries: 20_000, maxBytes: 8 * 1024 * 1024 };

/**
 * The photos of listed businesses, for `/photos/<slug>/<file>`: only a business's own stored URL is
 * ever fetched, and only when the file names its key and a width rehber makes; anything else is
 * null (a 404), so the path cannot be used to fetch anything else. Each slug's URL and category are
 * read once per data version (`dataVersion` answers null while unknown: then every request reads).
 */
export class BusinessPhotos {
  private readonly owners = new BoundedCache<Promise<PhotoOwner | null>>('photo owners', OWNERS_KEPT);

  constructor(
    private readonly db: Db,
    private readonly store: PhotoStore,
    private readonly dataVersion: () => Promise<string | null>,
  ) {}

  async answer(slug: string, fileName: string): Promise<BusinessPhotoAnswer | null> {
    const file = parsePhotoFile(fileName);
    if (!file) return null;
    const owner = await this.owner(slug);
    if (!owner?.url || photoKey(owner.url) !== file.key) return null;
    const result = await this.store.size(owner.url, file.width, file.format);
    if (result.kind === 'file') return result;
    return { kind: 'placeholder', path: placeholderPath(photoFamily(owner.category)), reason: result.reason, fresh: result.fresh, pending: result.pending === true };
  }

  private async owner(slug: string): Promise<PhotoOwner | null> {
    const version = await this.dataVersion();
    if (version === null || slug.length > MAX_SLUG_LENGTH) return readOwner(this.db, slug);
    const owners = this.owners.at(version);
    let owner = owners.get(slug);
    if (!owner) {
      owner = readOwner(this.db, slug);
      const kept = owner;
      owners.set(slug, kept);
      kept.catch(() => {
        if (owners.peek(slug) === kept) owners.delete(slug);
      });
    }
    return owner;
  }
}

async function readOwner(db: Db, slug: string): Promise<PhotoOwner | null> {
  const business = await getBusinessBySlug(db, slug);
  return business && { url: safeHttpUrl(business.photo), category: business.category };
}
