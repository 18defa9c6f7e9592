import type { Knex } from 'knex';

/**
 * Active businesses per category in a country (the country of their city), kept by the same
 * statement triggers as business_facets and city_category_counts and from the same delta. A
 * country's links to its categories in it and a category's to its top countries summed the kept
 * counts per category in a city: a big country's tens of thousands of rows, a big category's
 * thousands, on each first view after a write (docs/performance.md). Kept, each is a walk of at most
 * a few hundred index entries (a country has one row per category, a category one per country).
 * Rows that fall to zero stay, as the others' do. A city moved to another country moves its counts.
 */
const KEY = 'city_id, category_id, district, rating_floor, is_verified, has_phone';
const ROW = (alias: string) =>
  `${alias}.city_id, ${alias}.category_id, ${alias}.district, floor(${alias}.rating * 2) / 2, ${alias}.is_verified, coalesce(${alias}.phone, '') <> ''`;
const ADDED = `SELECT ${ROW('a')}, 1 FROM added a WHERE a.is_active`;
const REMOVED = `SELECT ${ROW('r')}, -1 FROM removed r WHERE r.is_active`;
const BODIES = { insert: ADDED, delete: REMOVED, update: `${ADDED} UNION ALL ${REMOVED}` } as const;

/**
 * The delta of a statement's rows applied to the three tables in one statement: it is grouped once.
 * Each insert reads how many rows the one before it wrote, so every writer locks the facets' rows
 * first, then the city's counts, then the country's, each table's in key order: concurrent writers
 * cannot deadlock.
 */
const applyAll = (rows: string) => `
    WITH delta AS (SELECT ${KEY}, sum(d)::int AS n FROM (${rows}) r(${KEY}, d) GROUP BY ${KEY} HAVING sum(d) <> 0),
    facets AS (
      INSERT INTO business_facets AS f (${KEY}, n) SELECT ${KEY}, n FROM delta ORDER BY ${KEY}
      ON CONFLICT ON CONSTRAINT business_facets_key DO UPDATE SET n = f.n + EXCLUDED.n RETURNING 1),
    pairs AS (
      SELECT x.city_id, x.category_id, c.country, x.n
        FROM (SELECT city_id, category_id, sum(n)::int AS n FROM delta WHERE city_id IS NOT NULL AND category_id IS NOT NULL
               GROUP BY city_id, category_id HAVING sum(n) <> 0) x
        JOIN cities c ON c.id = x.city_id),
    in_cities AS (
      INSERT INTO city_category_counts AS k (city_id, category_id, country, n)
        SELECT city_id, category_id, country, n FROM pairs WHERE (SELECT count(*) FROM facets) >= 0 ORDER BY city_id, category_id
      ON CONFLICT (city_id, category_id) DO UPDATE SET n = k.n + EXCLUDED.n RETURNING 1)
    INSERT INTO country_category_counts AS q (country, category_id, n)
      SELECT country, category_id, sum(n)::int FROM pairs WHERE country IS NOT NULL AND (SELECT count(*) FROM in_cities) >= 0
       GROUP BY country, category_id HAVING sum(n) <> 0 ORDER BY country, category_id
    ON CONFLICT (country, category_id) DO UPDATE SET n = q.n + EXCLUDED.n`;

/** The bodies before this migration (20261208G), for down. */
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

async function setBodies(knex: Knex, apply: (rows: string) => string, truncate: string): Promise<void> {
  for (const [op, rows] of Object.entries(BODIES)) {
    await knex.raw(`CREATE OR REPLACE FUNCTION rehber_facets_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${apply(rows)}; RETURN NULL; END $$`);
  }
  await knex.raw(`CREATE OR REPLACE FUNCTION rehber_facets_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN TRUNCATE ${truncate}; RETURN NULL; END $$`);
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE country_category_counts (
    country text NOT NULL,
    category_id int NOT NULL,
    n int NOT NULL,
    PRIMARY KEY (country, category_id)
  )`);
  await knex.raw(`INSERT INTO country_category_counts (country, category_id, n)
    SELECT country, category_id, sum(n)::int FROM city_category_counts WHERE country IS NOT NULL GROUP BY country, category_id`);
  // A country's rows are the first entries of the primary key; a category's of this index.
  await knex.raw('CREATE INDEX country_category_counts_category_idx ON country_category_counts (category_id, country)');
  await setBodies(knex, applyAll, 'business_facets, city_category_counts, country_category_counts');
  // The city's counts leave its old country and join its new one (its rows locked first, as a writer's are).
  await knex.raw(`CREATE OR REPLACE FUNCTION rehber_city_country_moved() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE city_category_counts SET country = NEW.country WHERE city_id = NEW.id;
      INSERT INTO country_category_counts AS q (country, category_id, n)
        SELECT x.country, x.category_id, sum(x.n)::int
          FROM (SELECT OLD.country AS country, k.category_id, -k.n AS n FROM city_category_counts k WHERE k.city_id = NEW.id
                UNION ALL
                SELECT NEW.country, k.category_id, k.n FROM city_category_counts k WHERE k.city_id = NEW.id) x
         WHERE x.country IS NOT NULL GROUP BY x.country, x.category_id HAVING sum(x.n) <> 0 ORDER BY x.country, x.category_id
      ON CONFLICT (country, category_id) DO UPDATE SET n = q.n + EXCLUDED.n;
      RETURN NULL;
    END $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`CREATE OR REPLACE FUNCTION rehber_city_country_moved() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN UPDATE city_category_counts SET country = NEW.country WHERE city_id = NEW.id; RETURN NULL; END $$`);
  await setBodies(knex, applyBoth, 'business_facets, city_category_counts');
  await knex.raw('DROP TABLE country_category_counts');
}
