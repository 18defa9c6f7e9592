import type { Knex } from 'knex';

/**
 * Active businesses per category in a city, with the city's country, kept by the same statement
 * triggers as business_facets and from the same delta. The links between a country, a category or
 * a city and its categories in a city are the biggest of these: grouped from the facet rows, a
 * country's first view after any write read and grouped every facet row of its cities (a big
 * country's hundreds of cities, tens of thousands of rows), and a category's every row of the
 * category. Kept and indexed by country and by category, each is a walk of a few index entries
 * (docs/performance.md). The country rides along so a country's links need no list of its cities;
 * a row trigger moves it in the rare case a city's country changes. Rows that fall to zero stay,
 * as facet rows do: a business coming back reuses them.
 */
const KEY = 'city_id, category_id, district, rating_floor, is_verified, has_phone';
const ROW = (alias: string) =>
  `${alias}.city_id, ${alias}.category_id, ${alias}.district, floor(${alias}.rating * 2) / 2, ${alias}.is_verified, coalesce(${alias}.phone, '') <> ''`;
const ADDED = `SELECT ${ROW('a')}, 1 FROM added a WHERE a.is_active`;
const REMOVED = `SELECT ${ROW('r')}, -1 FROM removed r WHERE r.is_active`;
const BODIES = { insert: ADDED, delete: REMOVED, update: `${ADDED} UNION ALL ${REMOVED}` } as const;

/**
 * The delta of a statement's rows applied to both tables in one statement: it is grouped once. The
 * counts' insert reads how many rows the facets' wrote, so the facets' rows are locked first in every
 * writer, each table's in key order: concurrent writers cannot deadlock.
 */
const applyBoth = (rows: string) => `
    WITH delta AS (SELECT ${KEY}, sum(d)::int AS n FROM (${rows}) r(${KEY}, d) GROUP BY ${KEY} HAVING sum(d) <> 0),
    facets AS (
      INSERT INTO business_facets AS f (${KEY}, n) SELECT ${KEY}, n FROM delta ORDER BY ${KEY}
      ON CONFLICT ON CONSTRAINT business_facets_key DO UPDATE SET n = f.n + EXCLUDED.n RETURNING 1)
    INSERT INTO city_category_counts AS k (city_id, category_id, country, n)
      SELECT x.city_id, x.category_id, c.country, x.n
        FROM (SELECT city_id, category_id, sum(n)::int AS n FROM delta WHERE city_id IS NOT NULL AND category_id IS NOT NULL
               GROUP BY city_id, category_id HAVING sum(n) <> 0) x
        JOIN cities c ON c.id = x.city_id
       WHERE (SELECT count(*) FROM facets) >= 0
       ORDER BY x.city_id, x.category_id
    ON CONFLICT (city_id, category_id) DO UPDATE SET n = k.n + EXCLUDED.n`;

/** The facet triggers' bodies before this migration (20261124I), for down. */
const applyFacets = (rows: string) => `
    INSERT INTO business_facets AS f (${KEY}, n)
      SELECT ${KEY}, sum(d)::int FROM (${rows}) r(${KEY}, d)
       GROUP BY ${KEY} HAVING sum(d) <> 0 ORDER BY ${KEY}
    ON CONFLICT ON CONSTRAINT business_facets_key DO UPDATE SET n = f.n + EXCLUDED.n`;

async function setBodies(knex: Knex, apply: (rows: string) => string, truncate: string): Promise<void> {
  for (const [op, rows] of Object.entries(BODIES)) {
    await knex.raw(`CREATE OR REPLACE FUNCTION rehber_facets_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${apply(rows)}; RETURN NULL; END $$`);
  }
  await knex.raw(`CREATE OR REPLACE FUNCTION rehber_facets_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN TRUNCATE ${truncate}; RETURN NULL; END $$`);
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE city_category_counts (
    city_id int NOT NULL,
    category_id int NOT NULL,
    country text,
    n int NOT NULL,
    PRIMARY KEY (city_id, category_id)
  )`);
  await knex.raw(`INSERT INTO city_category_counts (city_id, category_id, country, n)
    SELECT f.city_id, f.category_id, c.country, sum(f.n)::int FROM business_facets f JOIN cities c ON c.id = f.city_id
     WHERE f.category_id IS NOT NULL GROUP BY f.city_id, f.category_id, c.country`);
  // In each index the order the links take (most businesses first, then by ids): the first rows are the answer.
  await knex.raw('CREATE INDEX city_category_counts_country_idx ON city_category_counts (country, n DESC, city_id, category_id)');
  await knex.raw('CREATE INDEX city_category_counts_category_idx ON city_category_counts (category_id, n DESC, city_id)');
  await setBodies(knex, applyBoth, 'business_facets, city_category_counts');
  await knex.raw(`CREATE FUNCTION rehber_city_country_moved() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN UPDATE city_category_counts SET country = NEW.country WHERE city_id = NEW.id; RETURN NULL; END $$`);
  await knex.raw(`CREATE TRIGGER cities_country_update AFTER UPDATE OF country ON cities
    FOR EACH ROW WHEN (OLD.country IS DISTINCT FROM NEW.country) EXECUTE FUNCTION rehber_city_country_moved()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER cities_country_update ON cities');
  await knex.raw('DROP FUNCTION rehber_city_country_moved()');
  await setBodies(knex, applyFacets, 'business_facets');
  await knex.raw('DROP TABLE city_category_counts');
}
