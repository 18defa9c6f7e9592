/**
 * What the HTTP bench's distinct cases ask, read from the generated directory after it is loaded
 * (so every word and place is one the data holds): its vocabulary, a fixed set of distinct
 * businesses, the cities by size and their pages. Each case then draws its requests from a seeded
 * list (query-mix.ts) and asks them in turn, each once before any a second time.
 */
import { createDb } from '../../db/index.js';
import { ADMIN_PAGE_SIZE, PUBLIC_PAGE_SIZE } from '../../domain/constants.js';
import { queryMix, shuffled, type MixedQuery, type Vocabulary } from './query-mix.js';

/** How many distinct queries each search case draws from: more than a case asks in its run at 1M. */
export const DISTINCT_QUERIES = 20_000;
/** The seed of every list: two runs ask the same questions. */
const SEED = 30;

export interface LongTail {
  vocab: Vocabulary;
  /** Distinct businesses, the same ones in every run of the same size. */
  businesses: Array<{ slug: string; name: string }>;
  /** The cities holding businesses, the biggest first. */
  cities: Array<{ slug: string; count: number }>;
  /** How many pages the admin list has without a search. */
  adminPages: number;
}

export async function readLongTail(dbUrl: string, distinctBusinesses: number): Promise<LongTail> {
  const db = createDb(dbUrl, { max: 1 });
  try {
    // Words of the names, the most common first; the row numbers of generated names are left out.
    const words = (await db.raw(
      `SELECT w AS word FROM businesses b, regexp_split_to_table(lower(b.name), '\\s+') w
        WHERE w !~ '^[0-9]+$' AND length(w) > 1 GROUP BY w ORDER BY count(*) DESC, w LIMIT 1000`,
    )).rows.map((r: { word: string }) => r.word);
    const categories = (await db.raw('SELECT lower(name) AS name FROM categories WHERE business_count > 0 ORDER BY business_count DESC, id')).rows.map((r: { name: string }) => r.name);
    const cityRows = (await db.raw('SELECT name, slug, business_count FROM cities WHERE business_count > 0 ORDER BY business_count DESC, id')).rows as Array<{ name: string; slug: string; business_count: number }>;
    const districts = (await db.raw('SELECT DISTINCT district FROM businesses WHERE district IS NOT NULL ORDER BY district LIMIT 2000')).rows.map((r: { district: string }) => r.district);
    const countries = (await db.raw('SELECT name FROM countries WHERE business_count > 0 ORDER BY business_count DESC, id')).rows.map((r: { name: string }) => r.name);
    // A fixed sample in a fixed order (by a hash of the id), not TABLESAMPLE: the same businesses every run.
    const businesses = (await db.raw('SELECT slug, name FROM businesses ORDER BY md5(id::text) LIMIT ?', [distinctBusinesses])).rows as Array<{ slug: string; name: string }>;
    const [{ n }] = (await db.raw('SELECT count(*)::int AS n FROM businesses')).rows;
    return {
      vocab: { words, categories, cities: cityRows.map((c) => c.name), districts, countries },
      businesses,
      cities: cityRows.map((c) => ({ slug: c.slug, count: c.business_count })),
      adminPages: Math.max(1, Math.ceil(n / ADMIN_PAGE_SIZE)),
    };
  } finally {
    await db.destroy();
  }
}

/** The search requests of one distinct case. */
export const searches = (tail: LongTail, kinds: readonly MixedQuery['kind'][], salt: number): MixedQuery[] => queryMix(tail.vocab, kinds, DISTINCT_QUERIES, SEED + salt);

/** The kinds of the broad-word cases: what one types without a place. */
export const WORD_KINDS = ['word', 'word + category', 'two words'] as const;
/** The kinds of the located cases. */
export const PLACE_KINDS = ['word + city', 'word + district', 'word + country'] as const;

/** What one types into a search box, letter by letter: distinct beginnings of the sampled names. */
export function prefixesOf(tail: LongTail): string[] {
  const out = new Set<string>();
  tail.businesses.forEach(({ name }, i) => {
    const lower = name.toLowerCase();
    // From three letters to the whole name, spread by the row's place in the sample.
    out.add(lower.slice(0, 3 + (i % Math.max(1, lower.length - 2))).trimEnd());
  });
  return shuffled([...out], SEED);
}

/** Page 1 of every city with businesses, in a seeded order. */
export const cityFirstPages = (tail: LongTail): string[] => shuffled(tail.cities.map((c) => `/api/cities/${c.slug}/businesses?page=1`), SEED);

/** Every page past the first of the hundred biggest cities, in a seeded order. */
export function cityDeepPages(tail: LongTail): string[] {
  const out: string[] = [];
  for (const c of tail.cities.slice(0, 100)) {
    for (let page = 2; page <= Math.ceil(c.count / PUBLIC_PAGE_SIZE); page++) out.push(`/api/cities/${c.slug}/businesses?page=${page}`);
  }
  return shuffled(out, SEED).slice(0, DISTINCT_QUERIES * 5);
}

/** Every page of the admin list, in a seeded order. */
export const adminListPages = (tail: LongTail): string[] =>
  shuffled(Array.from({ length: tail.adminPages }, (_, i) => `/api/admin/businesses?page=${i + 1}&limit=${ADMIN_PAGE_SIZE}`), SEED);
