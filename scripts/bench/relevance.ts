/**
 * Relevance at scale: after the generated directory is loaded, a few businesses named for its
 * broadest words (its most common name words, its most common category) and rated best of all
 * (5.0 from 9,999 reviews) are imported last, through the ordinary import path, into its biggest
 * cities. Each should then be on page 1 of its word, with its city and without: the figure says
 * whether it is (1) or not (0), and where, beside what page 1 holds instead. Reported, not
 * asserted: the bench measures the search as it is. The planted import is undone afterwards, so
 * the directory is again the generated one for the modules that follow.
 */
import fs from 'node:fs';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { createDb } from '../../db/index.js';
import { importFile } from '../../data/import/import.js';
import { undoImport } from '../../data/store/undo-import.js';
import type { BenchContext } from './context.js';

export const PLANTED_RATING = '5.0';
export const PLANTED_REVIEWS = 9_999;

interface Planted {
  name: string;
  category: string;
  city: { name: string; state: string | null; country: string };
}

export interface RelevanceResult {
  name: string;
  query: string;
  location?: string;
  /** Its place on page 1 (1-based), or 0 when it is not there. */
  position: number;
  /** The answer's total, as it says. */
  total: number;
  /** The first result of page 1: its rating and reviews. */
  first?: { name: string; rating: number; reviewCount: number };
}

/** Plants the businesses, asks the server `appUrl` for each, undoes the planting; reports each. */
export async function relevanceCheck(ctx: BenchContext, appUrl: string): Promise<RelevanceResult[]> {
  const db = createDb(ctx.dbUrl, { max: 4 });
  try {
    const planted = await choosePlanted(db);
    const file = path.join(ctx.workDir, 'planted.csv');
    fs.writeFileSync(
      file,
      stringify([
        ['name', 'category', 'full_address', 'city', 'state', 'country', 'rating', 'reviews', 'place_id'],
        ...planted.map((p, i) => [p.name, p.category, `${i + 1} Best St, ${p.city.name}, ${p.city.country}`, p.city.name, p.city.country === 'United States' ? (p.city.state ?? '') : '', p.city.country, PLANTED_RATING, String(PLANTED_REVIEWS), `bench-planted-${i}`]),
      ]),
    );
    const run = await importFile(db, file, { source: 'cli', fileName: 'planted.csv' });
    if (run.imported !== planted.length) throw new Error(`relevance check: planted ${run.imported} of ${planted.length} businesses`);
    try {
      const slugs = (await db('businesses').whereIn('place_id', planted.map((_, i) => `bench-planted-${i}`)).select('slug', 'place_id')) as Array<{ slug: string; place_id: string }>;
      const results: RelevanceResult[] = [];
      for (const [i, p] of planted.entries()) {
        const slug = slugs.find((s) => s.place_id === `bench-planted-${i}`)!.slug;
        for (const location of [undefined, p.city.name]) results.push(await ask(appUrl, p.name, slug, location));
      }
      return results;
    } finally {
      await undoImport(db, run.importId, null, { confirmCount: planted.length });
    }
  } finally {
    await db.destroy();
  }
}

/**
 * The two most common words of the names that are no category's, and the most common category's
 * name, each in one of the biggest cities (the most common category, so its city and category
 * pages are the busiest too).
 */
async function choosePlanted(db: ReturnType<typeof createDb>): Promise<Planted[]> {
  const categories = (await db.raw('SELECT name FROM categories WHERE business_count > 0 ORDER BY business_count DESC, id LIMIT 3')).rows as Array<{ name: string }>;
  const categoryWords = new Set(categories.flatMap((c) => c.name.toLowerCase().split(/\s+/)));
  const all = (await db.raw('SELECT lower(name) AS name FROM categories')).rows as Array<{ name: string }>;
  for (const c of all) for (const w of c.name.split(/\s+/)) categoryWords.add(w);
  // The name as the data writes it (first letter capital), counted case-blind.
  const words = (await db.raw(
    `SELECT min(w) AS word FROM businesses b, regexp_split_to_table(b.name, '\\s+') w
      WHERE w !~ '^[0-9]+$' AND length(w) > 1 GROUP BY lower(w) ORDER BY count(*) DESC, lower(w) LIMIT 200`,
  )).rows as Array<{ word: string }>;
  const nameWords = words.map((r) => r.word).filter((w) => !categoryWords.has(w.toLowerCase())).slice(0, 2);
  const cities = (await db.raw('SELECT name, state, country FROM cities WHERE business_count > 0 ORDER BY business_count DESC, id LIMIT 3')).rows as Planted['city'][];
  if (!categories.length || nameWords.length < 2 || cities.length < 3) throw new Error('relevance check: the directory is too small to plant in');
  return [
    { name: nameWords[0], category: categories[0].name, city: cities[0] },
    { name: nameWords[1], category: categories[0].name, city: cities[1] },
    { name: categories[0].name, category: categories[0].name, city: cities[2] },
  ];
}

async function ask(appUrl: string, query: string, slug: string, location?: string): Promise<RelevanceResult> {
  const params = new URLSearchParams({ q: query.toLowerCase() });
  if (location) params.set('location', location);
  const res = await fetch(`${appUrl}/api/search?${params}`);
  if (!res.ok) throw new Error(`relevance check: /api/search?${params} answered ${res.status}`);
  const page = (await res.json()) as { items: Array<{ slug: string; name: string; rating: number; reviewCount: number }>; pagination: { total: number } };
  const first = page.items[0];
  return {
    name: query,
    query: query.toLowerCase(),
    location,
    position: page.items.findIndex((b) => b.slug === slug) + 1,
    total: page.pagination.total,
    first: first && { name: first.name, rating: first.rating, reviewCount: first.reviewCount },
  };
}
