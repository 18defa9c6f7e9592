import type { Db } from '../../db/index.js';
import { generateSitemaps } from './sitemap.js';

/**
 * Generated directories for the sitemap tests and the bench: `businesses` rows made by PostgreSQL
 * itself (generate_series), spread over `cities` cities and `categories` categories of one country.
 * Slugs are `{prefix}-business-{n}`, so two calls with different prefixes do not clash.
 */
export async function insertGeneratedBusinesses(
  db: Db,
  options: { businesses: number; cities?: number; categories?: number; prefix?: string; country?: string },
): Promise<void> {
  const p = options.prefix ?? 'gen';
  const cities = options.cities ?? 50;
  const categories = options.categories ?? 20;
  const country = options.country ?? `${p} land`;
  await db.raw(`INSERT INTO countries (name, slug) VALUES (?, ?) ON CONFLICT DO NOTHING`, [country, `${p}-land`]);
  await db.raw(
    `INSERT INTO categories (name, slug) SELECT ? || ' category ' || g, ? || '-category-' || g FROM generate_series(1, ?::int) g ON CONFLICT DO NOTHING`,
    [p, p, categories],
  );
  await db.raw(
    `INSERT INTO cities (name, country, slug) SELECT ? || ' city ' || g, ?, ? || '-city-' || g FROM generate_series(1, ?::int) g ON CONFLICT DO NOTHING`,
    [p, country, p, cities],
  );
  await db.raw(
    `INSERT INTO businesses (name, slug, address, country, category_id, city_id, identity_key, rating, review_count)
     SELECT ? || ' business ' || g, ? || '-business-' || g, g || ' Generated Street', ?,
            (array(SELECT id FROM categories WHERE slug LIKE ? ORDER BY id))[1 + g % ?::int],
            (array(SELECT id FROM cities WHERE slug LIKE ? ORDER BY id))[1 + g % ?::int],
            'n:' || ? || ':' || g, (g % 50) / 10.0, g % 1000
     FROM generate_series(1, ?::int) g`,
    [p, p, country, `${p}-category-%`, categories, `${p}-city-%`, cities, p, options.businesses],
  );
  await db.raw(`UPDATE cities c SET business_count = (SELECT count(*) FROM businesses b WHERE b.city_id = c.id) WHERE c.slug LIKE ?`, [`${p}-city-%`]);
  await db.raw(`UPDATE categories c SET business_count = (SELECT count(*) FROM businesses b WHERE b.category_id = c.id) WHERE c.slug LIKE ?`, [`${p}-category-%`]);
  await db.raw(`UPDATE countries c SET business_count = (SELECT count(*) FROM businesses b WHERE b.country = c.name) WHERE c.slug = ?`, [`${p}-land`]);
}

/**
 * For tests: starts a generation and holds it after its first file (or after the named one), so a
 * test can look at the world mid-generation; `finish()` lets it run to the end.
 */
export async function startHeldGeneration(db: Db, baseUrl: string, atFile?: string): Promise<{ finish(): Promise<unknown> }> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let reached!: () => void;
  const midway = new Promise<void>((r) => (reached = r));
  const running = generateSitemaps(db, {
    baseUrl,
    afterFile: async (f) => {
      if (atFile && f.name !== atFile) return;
      reached();
      await held;
    },
  });
  await Promise.race([midway, running]);
  return {
    finish() {
      release();
      return running;
    },
  };
}
