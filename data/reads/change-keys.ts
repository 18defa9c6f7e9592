/**
 * What a read's answer shows, as the change keys the database records for each write
 * (db/data-version.ts readDataChanges), so that a kept answer survives the writes that change none
 * of it (server/freshness/answer-cache.ts). Each read of the read service (public-reads.ts)
 * declares its keys beside its definition.
 */
import { namesakesKey } from '../../db/data-version.js';
import type { Business } from '../../domain/types.js';

/** The keys an answer shows; null: it may show anything (a list, a count, a search), so every write may change it. */
export type ChangeKeys = readonly string[] | null;

/** An answer that any write may change. */
export const anything = (): ChangeKeys => null;

/**
 * A business page's business: itself, its city's and category's names (breadcrumbs, links), its
 * namesakes (its title tells them apart) and, after an import batch too big to list its
 * businesses, any business of its city. A business found under a slug not its own depends on
 * everything: another business may take that reading.
 */
export function businessKeys(found: Business | null, slug: string): ChangeKeys {
  if (!found || found.slug !== slug) return null;
  const city = found.cityId ?? '-';
  return [`b:${found.id}`, `bc:${city}`, `c:${city}`, `k:${found.categoryId ?? '-'}`, namesakesKey(found.cityId, found.name)];
}

/**
 * A business page's "More nearby": each neighbour's own key, and any change to its own city's
 * list (a new neighbour there). A new neighbour over a city's border shows once the page is read
 * again for another reason: a list that is not the newest, never a wrong one. A business with no
 * precise spot of its own is near nothing: its empty list never changes.
 */
export function nearbyKeys(found: readonly Pick<Business, 'id'>[], b: Business): ChangeKeys {
  const precise = b.latitude !== null && b.longitude !== null && !b.coordinatesApproximate;
  return [...(precise ? [`lc:${b.cityId ?? '-'}`] : []), ...found.map((n) => `b:${n.id}`)];
}
