/**
 * A business page's business: the detail API answer, the crawler head and the server render all
 * read it here, so the title the server writes and the one the client sets from its data agree.
 */
import type { Db } from '../../db/index.js';
import { getBusinessByOtherSlug, getBusinessViewBySlug } from '../../db/queries/businesses.js';
import { listNamesakes } from '../../db/queries/namesakes.js';
import { getBusinessPageBySlug } from '../../db/queries/nearby.js';
import { MORE_NEARBY_LIMIT } from '../../domain/nearby.js';
import type { Business } from '../../domain/types.js';
import type { NearbyRow } from '../../domain/card-row.js';
import { titled } from './title-place.js';
import type { ReadTrace } from './search-memo.js';

/** The business with its `titlePlace` (set on `b`, a business just read): one index probe. */
async function withTitlePlace(db: Db, b: Business): Promise<Business> {
  return titled(b, await listNamesakes(db, { id: b.id, name: b.name, cityId: b.cityId }));
}

/**
 * The active business of `slug` (its current one, or one it had or a reading of it) with its
 * titlePlace. `trace`: told the data version the usual one statement saw. `neighbours`: given, the
 * page that shows them is being drawn, and that statement reads the business's nearest neighbours
 * too (MORE_NEARBY_LIMIT, none without a precise spot of its own) as their compact cards' rows,
 * told to it.
 */
export async function getBusinessPage(db: Db, slug: string, trace?: ReadTrace, neighbours?: (business: Business, near: NearbyRow[]) => void): Promise<Business | null> {
  // Its current slug, the usual case: one statement.
  const page = neighbours && (await getBusinessPageBySlug(db, slug, MORE_NEARBY_LIMIT));
  const view = neighbours ? page : await getBusinessViewBySlug(db, slug);
  if (view?.version) trace?.seen.push(view.version);
  if (page) neighbours?.(page.business, page.neighbours);
  if (view) return titled(view.business, view.namesakes);
  // A moved, mangled or shortened slug (getBusinessBySlug's other readings).
  const business = await getBusinessByOtherSlug(db, slug);
  return business && withTitlePlace(db, business);
}
