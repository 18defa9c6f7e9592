import type { Db } from '../../db/index.js';
import { getBusinessBySlug } from '../../db/queries/businesses.js';
import type { NamedRef } from '../domain/types.js';
import { photoFamily } from '../domain/photo-family.js';
import { parsePhotoFile, photoKey, placeholderPath } from '../domain/photo-paths.js';
import { safeHttpUrl } from '../domain/safe-url.js';
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

/** Slugs whose owner is remembered (until the data version moves); the oldest go first. */
const OWNERS_KEPT = 20_000;

/**
 * The photos of listed businesses, for `/photos/<slug>/<file>`: only a business's own stored URL is
 * ever fetched, and only when the file names its key and a width rehber makes; anything else is
 * null (a 404), so the path cannot be used to fetch anything else. Each slug's URL and category are
 * read once per data version (`dataVersion` answers null while unknown: then every request reads).
 */
export class BusinessPhotos {
  private owners = new Map<string, Promise<PhotoOwner | null>>();
  private ownersVersion: string | null = null;

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
    if (version === null) return readOwner(this.db, slug);
    if (version !== this.ownersVersion) {
      this.owners = new Map();
      this.ownersVersion = version;
    }
    let owner = this.owners.get(slug);
    if (!owner) {
      owner = readOwner(this.db, slug);
      this.owners.set(slug, owner);
      owner.catch(() => this.owners.delete(slug));
      if (this.owners.size > OWNERS_KEPT) this.owners.delete(this.owners.keys().next().value as string);
    }
    return owner;
  }
}

async function readOwner(db: Db, slug: string): Promise<PhotoOwner | null> {
  const business = await getBusinessBySlug(db, slug);
  return business && { url: safeHttpUrl(business.photo), category: business.category };
}
