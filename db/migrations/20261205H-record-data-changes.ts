import type { Knex } from 'knex';

/**
 * What each move of the data version changed, so a cache can keep what a write did not touch.
 * The statements that move the version (the triggers of 20261124F) now also record, in
 * `data_changes`, the keys of what they changed (db/data-version.ts names them); NULL keys mean
 * "anything may have changed". The row is written in the same transaction as the version, so a
 * replica that shows a version holds its changes too. A business statement of more than
 * BUSINESS_ROWS rows (an import batch) records its cities and categories, not its ids; one
 * touching more than CITIES cities records NULL. Old rows go as the version passes KEEP more.
 */
const BUSINESS_ROWS = 200;
const CITIES = 500;
const MAX_KEYS = 2_000;
const KEEP = 10_000;

/** The tables whose triggers record keys of their own (the others record a fixed key). */
const KEYED = ['businesses', 'cities', 'categories', 'countries', 'slug_redirects'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE data_changes (
    version bigint PRIMARY KEY,
    keys text[]
  )`);
  await knex.raw(`CREATE FUNCTION rehber_record_change(changed text[]) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE v bigint;
    BEGIN
      UPDATE data_version SET version = version + 1, changed_at = now() WHERE id = 1 RETURNING version INTO v;
      INSERT INTO data_changes (version, keys) VALUES (v, CASE WHEN cardinality(changed) > ${MAX_KEYS} THEN NULL ELSE changed END);
      IF v % 1000 = 0 THEN DELETE FROM data_changes WHERE version <= v - ${KEEP}; END IF;
      PERFORM pg_notify('rehber_data', v::text);
    END $$`);
  // The tables without keys of their own (redirects of group pages): a fixed key, which only the
  // pages that depend on everything care about; a TRUNCATE of any table: everything.
  await knex.raw(`CREATE OR REPLACE FUNCTION rehber_bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM rehber_record_change(CASE WHEN TG_OP = 'TRUNCATE' OR TG_NARGS = 0 THEN NULL ELSE ARRAY[TG_ARGV[0]] END);
      RETURN NULL;
    END $$`);
  // A page of one business shows its row, its city's and category's names and its namesakes (the
  // same name in the same city, which tell its title apart): b:<id>, n:<city>:<name hash>; a batch
  // too big to list (ids and names null) gives bc:<city> instead. Lists of a city or a category:
  // lc:<city>, lk:<category>.
  await knex.raw(`CREATE FUNCTION rehber_business_keys(ids bigint[], names text[], city_ids int[], category_ids int[]) RETURNS text[]
    LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN cardinality(city_ids) > ${CITIES} THEN NULL ELSE ARRAY(
      SELECT DISTINCT k FROM (
        SELECT 'lc:' || coalesce(c::text, '-') FROM unnest(city_ids) c
        UNION ALL SELECT 'lk:' || coalesce(k::text, '-') FROM unnest(category_ids) k
        UNION ALL SELECT 'b:' || i FROM unnest(ids) i
        UNION ALL SELECT 'n:' || coalesce(c::text, '-') || ':' || left(md5(n), 12) FROM unnest(city_ids, names) u(c, n) WHERE ids IS NOT NULL
        UNION ALL SELECT 'bc:' || coalesce(c::text, '-') FROM unnest(city_ids) c WHERE ids IS NULL
      ) x(k)) END
  $$`);
  // The rows a statement changed, counted first: a big one is read for its distinct places only.
  const keysOf = (rows: string) => `
        SELECT count(*) INTO n FROM ${rows};
        IF n <= ${BUSINESS_ROWS} THEN
          SELECT rehber_business_keys(array_agg(id), array_agg(name), array_agg(city_id), array_agg(category_id)) INTO changed FROM ${rows};
        ELSE
          SELECT rehber_business_keys(NULL, NULL, array_agg(DISTINCT city_id), array_agg(DISTINCT category_id)) INTO changed FROM ${rows};
        END IF;`;
  await knex.raw(`CREATE FUNCTION rehber_businesses_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE changed text[]; n bigint;
    BEGIN
      IF TG_OP = 'INSERT' THEN ${keysOf('added')}
      ELSIF TG_OP = 'DELETE' THEN ${keysOf('removed')}
      ELSE ${keysOf('(SELECT id, name, city_id, category_id FROM removed UNION ALL SELECT id, name, city_id, category_id FROM added) r')}
      END IF;
      PERFORM rehber_record_change(changed);
      RETURN NULL;
    END $$`);
  // A city, category or country: <prefix>:<id> when what pages show of it changed, l<prefix>:<id>
  // when only its count did (every import batch moves the counts of its places).
  await knex.raw(`CREATE FUNCTION rehber_group_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE changed text[];
    BEGIN
      IF TG_OP = 'INSERT' THEN
        SELECT ARRAY(SELECT TG_ARGV[0] || ':' || id FROM added) INTO changed;
      ELSIF TG_OP = 'DELETE' THEN
        SELECT ARRAY(SELECT TG_ARGV[0] || ':' || id FROM removed) INTO changed;
      ELSE
        SELECT ARRAY(
          SELECT CASE WHEN o.id IS NOT NULL AND n.id IS NOT NULL AND to_jsonb(o) - 'business_count' = to_jsonb(n) - 'business_count'
                      THEN 'l' || TG_ARGV[0] || ':' || n.id ELSE TG_ARGV[0] || ':' || coalesce(n.id, o.id) END
            FROM removed o FULL JOIN added n ON n.id = o.id) INTO changed;
      END IF;
      PERFORM rehber_record_change(changed);
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE FUNCTION rehber_slug_redirects_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE changed text[];
    BEGIN
      IF TG_OP = 'INSERT' THEN
        SELECT ARRAY(SELECT DISTINCT 'b:' || business_id FROM added) INTO changed;
      ELSIF TG_OP = 'DELETE' THEN
        SELECT ARRAY(SELECT DISTINCT 'b:' || business_id FROM removed) INTO changed;
      ELSE
        SELECT ARRAY(SELECT DISTINCT 'b:' || business_id FROM (SELECT business_id FROM removed UNION ALL SELECT business_id FROM added) r) INTO changed;
      END IF;
      PERFORM rehber_record_change(changed);
      RETURN NULL;
    END $$`);
  const keyed: Record<string, string> = {
    businesses: 'rehber_businesses_changed()',
    cities: "rehber_group_changed('c')",
    categories: "rehber_group_changed('k')",
    countries: "rehber_group_changed('y')",
    slug_redirects: 'rehber_slug_redirects_changed()',
  };
  for (const table of KEYED) {
    await knex.raw(`DROP TRIGGER ${table}_data_version ON ${table}`);
    // A trigger with transition tables takes one event.
    await knex.raw(`CREATE TRIGGER ${table}_changes_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION ${keyed[table]}`);
    await knex.raw(`CREATE TRIGGER ${table}_changes_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION ${keyed[table]}`);
    await knex.raw(`CREATE TRIGGER ${table}_changes_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION ${keyed[table]}`);
    await knex.raw(`CREATE TRIGGER ${table}_data_version AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION rehber_bump_data_version()`);
  }
  await knex.raw('DROP TRIGGER page_redirects_data_version ON page_redirects');
  await knex.raw(`CREATE TRIGGER page_redirects_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON page_redirects
    FOR EACH STATEMENT EXECUTE FUNCTION rehber_bump_data_version('redirects')`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [...KEYED, 'page_redirects']) {
    for (const event of ['insert', 'update', 'delete']) await knex.raw(`DROP TRIGGER IF EXISTS ${table}_changes_${event} ON ${table}`);
    await knex.raw(`DROP TRIGGER ${table}_data_version ON ${table}`);
    await knex.raw(`CREATE TRIGGER ${table}_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION rehber_bump_data_version()`);
  }
  await knex.raw('DROP FUNCTION rehber_slug_redirects_changed()');
  await knex.raw('DROP FUNCTION rehber_group_changed()');
  await knex.raw('DROP FUNCTION rehber_businesses_changed()');
  await knex.raw('DROP FUNCTION rehber_business_keys(bigint[], text[], int[], int[])');
  await knex.raw(`CREATE OR REPLACE FUNCTION rehber_bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE v bigint;
    BEGIN
      UPDATE data_version SET version = version + 1, changed_at = now() WHERE id = 1 RETURNING version INTO v;
      PERFORM pg_notify('rehber_data', v::text);
      RETURN NULL;
    END $$`);
  await knex.raw('DROP FUNCTION rehber_record_change(text[])');
  await knex.raw('DROP TABLE data_changes');
}
