import type { Knex } from 'knex';

/**
 * Counts of active businesses by everything a public list filters on (city, category, district,
 * rating in half stars, verified, has a phone), kept by statement triggers from each statement's
 * old and new rows. A city page of 60,000 businesses then gets its filtered total and every facet
 * from a few hundred rows of this table instead of counting its businesses per request.
 * Every write of the store (import batches, edits, undo, visibility, re-resolution) moves them
 * without knowing; rows are locked in key order so concurrent writers cannot deadlock here.
 */
const KEY = 'city_id, category_id, district, rating_floor, is_verified, has_phone';
const ROW = (alias: string) =>
  `${alias}.city_id, ${alias}.category_id, ${alias}.district, floor(${alias}.rating * 2) / 2, ${alias}.is_verified, coalesce(${alias}.phone, '') <> ''`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE business_facets (
    city_id int,
    category_id int,
    district text,
    rating_floor numeric(2, 1) NOT NULL,
    is_verified boolean NOT NULL,
    has_phone boolean NOT NULL,
    n int NOT NULL,
    CONSTRAINT business_facets_key UNIQUE NULLS NOT DISTINCT (${KEY})
  )`);
  await knex.raw('CREATE INDEX business_facets_category_idx ON business_facets (category_id)');
  const apply = (rows: string) => `
    INSERT INTO business_facets AS f (${KEY}, n)
      SELECT ${KEY}, sum(d)::int FROM (${rows}) r(${KEY}, d)
       GROUP BY ${KEY} HAVING sum(d) <> 0 ORDER BY ${KEY}
    ON CONFLICT ON CONSTRAINT business_facets_key DO UPDATE SET n = f.n + EXCLUDED.n`;
  const added = `SELECT ${ROW('a')}, 1 FROM added a WHERE a.is_active`;
  const removed = `SELECT ${ROW('r')}, -1 FROM removed r WHERE r.is_active`;
  await knex.raw(`CREATE FUNCTION rehber_facets_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${apply(added)}; RETURN NULL; END $$`);
  await knex.raw(`CREATE FUNCTION rehber_facets_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${apply(removed)}; RETURN NULL; END $$`);
  await knex.raw(`CREATE FUNCTION rehber_facets_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${apply(`${added} UNION ALL ${removed}`)}; RETURN NULL; END $$`);
  await knex.raw(`CREATE FUNCTION rehber_facets_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN TRUNCATE business_facets; RETURN NULL; END $$`);
  await knex.raw(`CREATE TRIGGER businesses_facets_insert AFTER INSERT ON businesses
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION rehber_facets_insert()`);
  await knex.raw(`CREATE TRIGGER businesses_facets_delete AFTER DELETE ON businesses
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION rehber_facets_delete()`);
  await knex.raw(`CREATE TRIGGER businesses_facets_update AFTER UPDATE ON businesses
    REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION rehber_facets_update()`);
  await knex.raw(`CREATE TRIGGER businesses_facets_truncate AFTER TRUNCATE ON businesses
    FOR EACH STATEMENT EXECUTE FUNCTION rehber_facets_truncate()`);
  await knex.raw(`INSERT INTO business_facets (${KEY}, n)
    SELECT ${ROW('b')}, count(*) FROM businesses b WHERE b.is_active GROUP BY 1, 2, 3, 4, 5, 6`);
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['insert', 'delete', 'update', 'truncate']) {
    await knex.raw(`DROP TRIGGER businesses_facets_${t} ON businesses`);
    await knex.raw(`DROP FUNCTION rehber_facets_${t}()`);
  }
  await knex.raw('DROP TABLE business_facets');
}
