/**
 * What a read's answer shows, as the change keys the database records for each write
 * (db/data-version.ts readDataChanges), so that a kept answer survives the writes that change none
 * of it (server/freshness/answer-cache.ts). Each read of the read service (public-reads.ts)
 * declares its keys beside its definition.
 */
import { namesakesKey } from '../../db/data-version.js';
import type { GroupKind } from '../../domain/public-reads.js';
import type { ListFilters, ListPage } from '../../domain/search.js';
import type { Business } from '../../domain/types.js';

/** The keys an answer shows; null: it may show anything (a search, a count, the home page), so every write may change it. */
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

/**
 * Any city's, category's or country's own row changed (not only its count) or went: what a list
 * that names them without knowing their ids depends on (its facets, its cards, its links).
 */
const ANY = { city: 'c:*', category: 'k:*', country: 'y:*' } as const;

/**
 * A city or a category with its count: its own row and its list, which the count moves with (`lc:`,
 * `lk:`: any business of it added, changed, hidden or removed, however big the statement).
 */
export function groupKeys(group: { id: number } | null, kind: GroupKind): ChangeKeys {
  if (!group) return null;
  return kind === 'city' ? [`c:${group.id}`, `lc:${group.id}`] : [`k:${group.id}`, `lk:${group.id}`];
}

/**
 * A city or a category as a page that names it reads it (groupSummary: a category in a city, a
 * district or a country): a city with its count (groupKeys), a category by its own row alone, which
 * carries no count (CategorySummary), so that a write of its businesses in another city leaves a
 * category in a city kept. Its row's key (`k:`) moves with its name, slug, plural and description,
 * and when it goes (a merge); a move of its count alone records `lk:` only.
 */
export function summaryKeys(group: { id: number } | null, kind: GroupKind): ChangeKeys {
  if (!group) return null;
  return kind === 'city' ? groupKeys(group, kind) : [`k:${group.id}`];
}

/**
 * A city's or a category's page and list: its row and list (groupKeys), and the names of the
 * others it shows. A city's page names only categories besides itself (its facets, its links to
 * its categories in it, its cards); a category's names cities (its facets, cards and links) and
 * countries (its links, whose counts move with a city's country too). A renamed category changes
 * the rows of its businesses as well (its search documents), which `lc:` of their cities records;
 * `k:*` also covers its plural, a slug changed alone and a merge.
 */
export function pageKeys(group: { id: number } | null, kind: GroupKind): ChangeKeys {
  const own = groupKeys(group, kind);
  return own && [...own, ...(kind === 'city' ? [ANY.category] : [ANY.city, ANY.country])];
}

/**
 * A country as its page shows it: its row (`y:`), and its list (`ly:`), which moves with its count
 * and with every statement on a business of its cities or naming it and on its cities, whichever
 * country they were or are in (migration 20261218Y): its cities (their rows and counts, one moved
 * into it or out of it), its categories in a city and in it with their counts. The categories it
 * names (`categoryIds`: those of its links) by their rows (`k:`): a rename also rewrites their
 * businesses, which `ly:` records, but a plural or a slug set alone moves only the row. Which
 * categories make its links is decided by counts and ids, so a category it does not show, and a
 * city of another country, may change freely. It names no other country. Null (no country has the
 * slug, or its id or its categories are unknown): everything, since a new row may take the slug.
 */
export function countryKeys(id: number | null, categoryIds: readonly number[] | undefined): ChangeKeys {
  return id === null || categoryIds === undefined ? null : [...countrySummaryKeys(id)!, ...categoryIds.map((category) => `k:${category}`)];
}

/** A country's row alone (its name, slug and count: a category in a country names it): `y:`, `ly:`. */
export function countrySummaryKeys(id: number | null): ChangeKeys {
  return id === null ? null : [`y:${id}`, `ly:${id}`];
}

/**
 * A page of a city's or a category's list: as its page (pageKeys). Filtered by the slug of another
 * city, category or country and showing nothing, it depends on everything: the slug may name
 * nothing yet, and a new row taking it (recorded under an id the list never saw) would change it.
 * A category's list within a country (`countryId`: that country's, when the read knows it) shows
 * only businesses of the country, by their country and their cities', each of which moves its
 * country's list (`ly:`): a write of the category in another country changes none of it, so it
 * follows `ly:` instead of the category's `lk:`. Its facets and total are counted within the
 * country too; it names the category by its row (`k:`), cities by `c:*`, its country by `y:*`.
 */
export function listKeys(answer: ListPage, kind: GroupKind, group: { id: number }, filters: ListFilters, countryId?: number): ChangeKeys {
  const named = (kind === 'city' ? [filters.category, filters.country] : [filters.city, filters.country]).some((slug) => slug !== undefined);
  if (named && !answer.items.length) return null;
  const keys = pageKeys(group, kind)!;
  if (kind === 'category' && filters.country !== undefined && countryId !== undefined) return [...keys.filter((key) => key !== `lk:${group.id}`), `ly:${countryId}`];
  // A city's list within a country finds the country by its slug.
  return kind === 'city' && filters.country !== undefined ? [...keys, ANY.country] : keys;
}
