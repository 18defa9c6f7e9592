/**
 * The public reads, one home for both transports: the JSON API (server/routes/public.ts) and the
 * server render with its crawler head (server/routes/pages.ts) ask the same object the same
 * questions, so they give the same answers. One object is made per request, from the database the
 * request reads and the memos it may use at the data version it reads (data/reads/search-memo.ts):
 * within the request each distinct question goes to the database once (the head and the body of a
 * page share one lookup); across requests a business, a city or a category by its slug, the lists
 * and the searches are kept per data version. db/queries returns rows and knows nothing of either. Each
 * read declares, where it is defined, what its answer shows (change-keys.ts), which the server's
 * answer cache keeps it by.
 */
import type { Db } from '../../db/index.js';
import { memoized, memoKey, slugMemo, small, viewMemo, type MemoScope } from './search-memo.js';
import { listFeatured, listRecent } from '../../db/queries/businesses.js';
import { listBusinessesIn, searchBusinesses } from './search.js';
import { suggest } from './suggest.js';
import { listCategories } from '../../db/queries/categories.js';
import { listCities, listCitySummaries, listPopularCities } from '../../db/queries/cities.js';
import { keptCities, keptCity, KEPT_CITIES_MAX } from './city-summaries.js';
import { getCountryPage, getCountrySummary, listCountries, type CountryRead } from '../../db/queries/countries.js';
import { getStats } from '../../db/queries/stats.js';
import { CITY_CATEGORY_LINKS, CITY_CATEGORY_MIN_BUSINESSES, COUNTRY_CATEGORY_LINKS, PUBLIC_PAGE_SIZE } from '../../domain/constants.js';
import { getGroupSummary, getGroupWithLinks, listCategoryDistricts, type DistrictCount } from '../../db/queries/city-categories.js';
import { districtCountsKey } from './list-pages.js';
import { slugifyText } from '../../domain/slug.js';
import type { GroupKind, GroupSummaries, PublicReads, SearchQuery } from '../../domain/public-reads.js';
import type { ListFilters, ListPage, Suggestions } from '../../domain/search.js';
import type { Business, Country, DistrictCategoryLink } from '../../domain/types.js';
import type { NearbyRow } from '../../domain/card-row.js';
import { getBusinessPage } from './business-page.js';
import { moreNearby, nearbyRows } from './nearby.js';
import { anything, businessKeys, countryKeys, countrySummaryKeys, groupKeys, listKeys, nearbyKeys, pageKeys, summaryKeys, type ChangeKeys } from './change-keys.js';

/** What the reads depend on besides the data. */
export interface ReadOptions {
  /** COMBO_MIN_BUSINESSES: the least active businesses of a category in a city that is a page. */
  cityCategoryMin?: number;
  /** The request's time, one for all its reads ("open now"). */
  now?: Date;
  /** Told, after each read, what its answer shows (the server's answer cache keeps it by them). */
  shown?: (keys: ChangeKeys) => void;
  /**
   * The reads draw a server-rendered page: a business is read with its neighbours, which its
   * page shows (its JSON does not), in one statement.
   */
  page?: boolean;
}

/** The page's reads plus what only the API asks. `limit`: a page's size when the API is given one. */
export interface ReadService extends PublicReads {
  /** "More nearby" of a business as the API gives it: the nearest other businesses with precise coordinates, whole, with their distances. */
  moreNearby(business: Business): Promise<Business[]>;
  groupBusinesses(kind: GroupKind, group: GroupSummaries[GroupKind], filters: ListFilters, limit?: number): Promise<ListPage>;
  search(query: SearchQuery, limit?: number): Promise<ListPage>;
  countries(): Promise<Country[]>;
  suggest(q: string): Promise<Suggestions>;
}

/**
 * The reads of one request. `scope`: what the request may keep, asked only when a read uses it
 * (a request for the stats never waits for the data version); none in tests and the CLI. `now`:
 * the request's time, one for all its reads ("open now").
 */
export function publicReads(db: Db, scope: () => Promise<MemoScope | undefined> = async () => undefined, { cityCategoryMin = CITY_CATEGORY_MIN_BUSINESSES, now = new Date(), shown, page = false }: ReadOptions = {}): ReadService {
  let at: Promise<MemoScope | undefined> | undefined;
  const memos = () => (at ??= scope());
  const seen = new Map<string, Promise<unknown>>();
  // A business's neighbours read by its page's statement in this answer (their compact cards' rows), by its id.
  const neighbours = new Map<number, NearbyRow[]>();
  const readNeighbours = page ? (b: Business, near: NearbyRow[]) => void neighbours.set(b.id, near) : undefined;
  // Arguments are plain values (a city or category is passed by its id).
  const once = <T>(name: string, args: unknown[], read: () => Promise<T>): Promise<T> => {
    const key = `${name}:${JSON.stringify(args)}`;
    let answer = seen.get(key);
    if (!answer) {
      answer = read();
      seen.set(key, answer);
    }
    return answer as Promise<T>;
  };
  const group = <K extends GroupKind>(kind: K, slug: string) =>
    once(kind, [slug], async () => {
      const scope = await memos();
      return memoized(slugMemo(scope, slug), `${kind}|${slug}`, async () => {
        const read = await getGroupWithLinks(db, kind, slug, cityCategoryMin, { cities: CITY_CATEGORY_LINKS[kind], countries: COUNTRY_CATEGORY_LINKS.category });
        if (read.version) scope?.trace?.seen.push(read.version);
        return read.group;
      });
    });
  // A page that names a city or a category and draws none of its links (a category in a city, a
  // district or a country) reads its row alone: the links are a statement's larger part, and its
  // data island would carry them (a big city's are most of it) for nothing.
  // Its statement reports the data version it saw, so such a page's answer needs no check of its own.
  const groupSummary = <K extends GroupKind>(kind: K, slug: string) =>
    once(`${kind}Summary`, [slug], async () => {
      const scope = await memos();
      if (kind === 'city' && scope) {
        // Every city kept whole (city-summaries.ts), unless there are too many.
        const kept = await citySummaries(scope);
        if (kept) return keptCity(kept, slug) as GroupSummaries[K] | null;
      }
      return memoized(
        slugMemo(scope, slug),
        memoKey('group-summary', `${kind}|${slug}`),
        async () => {
          const { group, version } = await getGroupSummary(db, kind, slug);
          if (version) scope?.trace?.seen.push(version);
          return group;
        },
        (found) => found !== null,
      );
    });
  const citySummaries = (scope: MemoScope) =>
    memoized(small(scope), memoKey('city-summaries', 'all'), async () => {
      const { cities, version } = await listCitySummaries(db, KEPT_CITIES_MAX);
      if (version) scope.trace?.seen.push(version);
      return cities && keptCities(cities);
    });
  const countrySummary = (slug: string) =>
    once('countrySummary', [slug], async () => {
      const scope = await memos();
      return memoized(slugMemo(scope, slug), memoKey('country-summary', slug), async () => {
        const read = await getCountrySummary(db, slug);
        if (read.version) scope?.trace?.seen.push(read.version);
        return withId(read);
      });
    });
  const groupBusinesses = (kind: GroupKind, { id }: GroupSummaries[GroupKind], filters: ListFilters, limit = PUBLIC_PAGE_SIZE) =>
    once(`${kind}Businesses`, [id, filters, limit], async () => {
      const { page = 1, ...rest } = filters;
      // A category in a country's page has read its country already (the same answer here).
      const [list, country] = await Promise.all([
        listBusinessesIn(db, kind === 'city' ? { cityId: id } : { categoryId: id }, { page, limit }, rest, await memos(), now),
        kind === 'category' && filters.country !== undefined ? countrySummary(filters.country) : null,
      ]);
      const countryId = country && noted.get(country)?.countryId;
      if (countryId !== null && countryId !== undefined) noted.set(list, { countryId });
      return list;
    });
  // A category in a city's districts with their counts: those its list's first view read in this
  // answer (its counts' statement), else read (and kept for the list's view to find).
  const districtCounts = async (cityId: number, categoryId: number): Promise<DistrictCount[]> => {
    const scope = await memos();
    const key = districtCountsKey(cityId, categoryId);
    const own = scope?.small.peek<DistrictCount[]>(scope.version, key);
    // Taken as this answer's own statement's: a value another answer keeps goes through memoized,
    // which knows whether it was confirmed.
    if (own && (!scope?.trace || scope.trace.made.includes(own))) return own;
    return memoized(small(scope), key, async () => {
      const { districts, version } = await listCategoryDistricts(db, cityId, categoryId);
      if (version) scope?.trace?.seen.push(version);
      return districts;
    });
  };
  // Each read beside the change keys of its answer (change-keys.ts): a read without them is a type error.
  const declared: DeclaredReads = {
    stats: { read: () => once('stats', [], () => getStats(db)), shows: anything },
    featuredBusinesses: { read: () => once('featured', [], () => listFeatured(db)), shows: anything },
    recentBusinesses: { read: () => once('recent', [], () => listRecent(db)), shows: anything },
    popularCities: { read: () => once('popularCities', [], () => listPopularCities(db)), shows: anything },
    business: {
      // Kept per data version (a page asked again under another URL, or the API's detail of it,
      // reads nothing); a slug that finds nothing is not kept, so made-up ones take no room.
      read: (slug) =>
        once('business', [slug], async () => {
          const scope = await memos();
          return memoized(viewMemo(scope, slug), memoKey('business', slug), () => getBusinessPage(db, slug, scope?.trace, readNeighbours), (b) => b !== null);
        }),
      shows: businessKeys,
    },
    moreNearby: { read: (b) => once('moreNearby', [b.id], async () => moreNearby(db, b, await memos())), shows: nearbyKeys },
    nearbyRows: { read: (b) => once('nearbyRows', [b.id], async () => nearbyRows(db, b, await memos(), neighbours.get(b.id))), shows: nearbyKeys },
    cities: { read: () => once('cities', [], () => listCities(db)), shows: anything },
    categories: { read: () => once('categories', [], () => listCategories(db)), shows: anything },
    group: { read: group, shows: (found, kind) => pageKeys(found, kind) },
    groupSummary: { read: groupSummary, shows: (found, kind) => summaryKeys(found, kind) },
    groupBusinesses: {
      read: groupBusinesses,
      shows: (answer, kind, group, filters) => listKeys(answer, kind, group, filters, noted.get(answer)?.countryId),
    },
    categoryDistricts: {
      read: (city, category) =>
        once('categoryDistricts', [city.id, category.id], async () =>
          memoized(small(await memos()), memoKey('category-districts', `${city.id}|${category.id}`), async () => {
            const links: DistrictCategoryLink[] = [];
            const taken = new Set<string>();
            // Two spellings of one district ('Kadıköy', 'Kadikoy') share a slug: the one most
            // businesses use answers it; a name with nothing for the slug rule has no page.
            for (const { district, count } of await districtCounts(city.id, category.id)) {
              const districtSlug = slugifyText(district);
              if (!districtSlug || taken.has(districtSlug)) continue;
              taken.add(districtSlug);
              links.push({ district, districtSlug, count, indexable: count >= cityCategoryMin });
            }
            return links;
          }),
        ),
      // Its districts and their counts move with the city's list.
      shows: (_, city) => groupKeys(city, 'city'),
    },
    countries: { read: () => once('countries', [], () => listCountries(db)), shows: anything },
    country: {
      // Kept whole per data version (its cities, every one of a big country's, and its links,
      // which group the country's kept counts): a country page asks nothing again until a write.
      read: (slug) =>
        once('country', [slug], async () =>
          // Its categories in it that are pages: all of them, so none is an orphan.
          memoized(slugMemo(await memos(), slug), memoKey('country', slug), async () => {
            const read = await getCountryPage(db, slug, cityCategoryMin, { cities: CITY_CATEGORY_LINKS.country, countries: COUNTRY_CATEGORY_LINKS.country });
            if (read.version) (await memos())?.trace?.seen.push(read.version);
            return withId(read);
          }),
        ),
      shows: (found) => countryKeys(found && (noted.get(found)?.countryId ?? null), found ? noted.get(found)?.categoryIds : undefined),
    },
    countrySummary: {
      read: countrySummary,
      shows: (found) => countrySummaryKeys(found && (noted.get(found)?.countryId ?? null)),
    },
    search: {
      read: (query, limit = PUBLIC_PAGE_SIZE) =>
        once('search', [query, limit], async () => {
          const { q, location, filters: { page = 1, ...filters } } = query;
          return searchBusinesses(db, { q, location, filters, page, limit, now }, await memos());
        }),
      shows: anything,
    },
    suggest: { read: (q) => once('suggest', [q], () => suggest(db, q, memos)), shows: anything },
  };
  return showing(declared, shown);
}

/**
 * The ids an answer names that its change keys need and its shape (the API's) does not carry,
 * kept beside the answer for as long as a memo keeps it: the country's id (a country read's own, a
 * category's list within a country's) and a country page's links' categories. A country answer
 * without its id shows everything; such a list follows its category's list (listKeys).
 */
const noted = new WeakMap<Country | ListPage, { countryId: number; categoryIds?: readonly number[] }>();

/** A country read's answer, its id (and a country page's categories) noted. */
function withId<T extends Country>({ country, id, categoryIds }: CountryRead<T> & { categoryIds?: readonly number[] }): T | null {
  if (country && id !== null) noted.set(country, { countryId: id, categoryIds });
  return country;
}

/** A read and what its answer shows, given the answer and the read's arguments. */
type Declared<F> = F extends (...args: infer A) => Promise<infer T> ? { read: F; shows: (answer: T, ...args: A) => ChangeKeys } : never;
type DeclaredReads = { [K in keyof ReadService]: Declared<ReadService[K]> };
type AnyDeclared = { read: (...args: unknown[]) => Promise<unknown>; shows: (answer: unknown, ...args: unknown[]) => ChangeKeys };

/**
 * The reads, each telling `shown` what its answer shows once it has it (a read that fails may
 * have shown anything). Without `shown` the reads are returned as they are.
 */
function showing(declared: DeclaredReads, shown: ((keys: ChangeKeys) => void) | undefined): ReadService {
  const reads: Record<string, unknown> = {};
  for (const [name, { read, shows }] of Object.entries(declared) as [string, AnyDeclared][]) {
    reads[name] = !shown
      ? read
      : async (...args: unknown[]) => {
          let keys: ChangeKeys = null;
          try {
            const answer = await read(...args);
            keys = shows(answer, ...args);
            return answer;
          } finally {
            shown(keys);
          }
        };
  }
  return reads as unknown as ReadService;
}
