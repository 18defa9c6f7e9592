import type { Db } from '../../db/index.js';

/**
 * 6,000 businesses spread evenly over 40 cities and 20 categories, with varied ratings: enough rows
 * for the planner to choose as it would on a real directory, for the tests that pin a read's plan.
 */
export async function insertSpreadDirectory(db: Db): Promise<void> {
  await db.raw(`INSERT INTO cities (name, slug, country) SELECT 'City ' || i, 'city-' || i, 'Türkiye' FROM generate_series(1, 40) i`);
  await db.raw(`INSERT INTO categories (name, slug) SELECT 'Kind ' || i, 'kind-' || i FROM generate_series(1, 20) i`);
  await db.raw(`INSERT INTO businesses (name, slug, address, identity_key, city_id, category_id, rating, review_count)
                SELECT 'Shop ' || i, 'shop-' || i, i || ' Road', 'n:shop' || i,
                       (SELECT id FROM cities WHERE slug = 'city-' || (i % 40 + 1)), (SELECT id FROM categories WHERE slug = 'kind-' || (i % 20 + 1)),
                       (i % 50) / 10.0, i % 97
                  FROM generate_series(1, 6000) i`);
}
