import type { Knex } from 'knex';

/**
 * A country's page shows its cities with their counts, its categories in a city and in it with
 * theirs, and its own count: all of them move with a write of any business of its cities. Until
 * now only a move of the country's own count recorded `ly:<id>` (20261205H), and a write that left
 * it unchanged (an edit, a business moved between two of its cities, a hidden one and a new one in
 * one batch) named the country nowhere. Now every statement on businesses also records `ly:<id>` of
 * the countries of the cities of its rows (old and new) and of the countries its rows name, and
 * every statement on cities `ly:<id>` of the countries they are (or were) in: a city's count that
 * moves alone is shown on its country's page too. Each is a lookup of the statement's distinct
 * cities and country names by their unique keys, beside the scan of its rows the keys already make;
 * a statement over more than 500 cities records NULL as before, without it.
 */

/** `ly:<id>` of the countries named (`names`) or holding one of the cities (`city_ids`). */
const COUNTRY_KEYS = `CREATE FUNCTION rehber_country_keys(names text[], city_ids int[]) RETURNS text[] LANGUAGE sql STABLE AS $$
    SELECT ARRAY(SELECT 'ly:' || co.id FROM countries co
                  WHERE co.name IN (SELECT unnest(names) UNION SELECT c.country FROM cities c WHERE c.id = ANY(city_ids))
                  ORDER BY co.id)
  $$`;

/** The business trigger of 20261205H, with the countries of its rows when it records keys at all. */
const businessesChanged = (countries: boolean) => {
  const keysOf = (rows: string) => `
        SELECT count(*) INTO n FROM ${rows};
        IF n <= 200 THEN
          SELECT rehber_business_keys(array_agg(id), array_agg(name), array_agg(city_id), array_agg(category_id))${countries ? ', array_agg(DISTINCT city_id), array_agg(DISTINCT country)' : ''}
            INTO changed${countries ? ', city_ids, names' : ''} FROM ${rows};
        ELSE
          SELECT rehber_business_keys(NULL, NULL, array_agg(DISTINCT city_id), array_agg(DISTINCT category_id))${countries ? ', array_agg(DISTINCT city_id), array_agg(DISTINCT country)' : ''}
            INTO changed${countries ? ', city_ids, names' : ''} FROM ${rows};
        END IF;`;
  const columns = `id, name, city_id, category_id${countries ? ', country' : ''}`;
  return `CREATE OR REPLACE FUNCTION rehber_businesses_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE changed text[]; n bigint;${countries ? ' city_ids int[]; names text[];' : ''}
    BEGIN
      IF TG_OP = 'INSERT' THEN ${keysOf('added')}
      ELSIF TG_OP = 'DELETE' THEN ${keysOf('removed')}
      ELSE ${keysOf(`(SELECT ${columns} FROM removed UNION ALL SELECT ${columns} FROM added) r`)}
      END IF;${countries ? `
      -- NULL: too many cities to name, which stands for every key already.
      IF changed IS NOT NULL THEN changed := changed || rehber_country_keys(names, city_ids); END IF;` : ''}
      PERFORM rehber_record_change(changed);
      RETURN NULL;
    END $$`;
};

/** The group trigger of 20261217C, with the countries of a statement's cities (`c`) when asked. */
const groupChanged = (countries: boolean) => {
  const cityCountries = (rows: string) =>
    countries ? `
        IF TG_ARGV[0] = 'c' THEN changed := changed || rehber_country_keys(ARRAY(SELECT DISTINCT country FROM ${rows}), NULL); END IF;` : '';
  return `CREATE OR REPLACE FUNCTION rehber_group_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE changed text[];
    BEGIN
      IF TG_OP = 'INSERT' THEN
        SELECT ARRAY(SELECT TG_ARGV[0] || ':' || id FROM added) INTO changed;${cityCountries('added')}
      ELSIF TG_OP = 'DELETE' THEN
        SELECT ARRAY(SELECT TG_ARGV[0] || ':' || id FROM removed) INTO changed;
        IF cardinality(changed) > 0 THEN changed := changed || (TG_ARGV[0] || ':*'); END IF;${cityCountries('removed')}
      ELSE
        SELECT ARRAY(
          SELECT CASE WHEN o.id IS NOT NULL AND n.id IS NOT NULL AND to_jsonb(o) - 'business_count' = to_jsonb(n) - 'business_count'
                      THEN 'l' || TG_ARGV[0] || ':' || n.id ELSE TG_ARGV[0] || ':' || coalesce(n.id, o.id) END
            FROM removed o FULL JOIN added n ON n.id = o.id) INTO changed;
        -- A count alone moved gives l<prefix>: keys only.
        IF EXISTS (SELECT 1 FROM unnest(changed) k WHERE k LIKE TG_ARGV[0] || ':%') THEN changed := changed || (TG_ARGV[0] || ':*'); END IF;${cityCountries('(SELECT country FROM removed UNION SELECT country FROM added) r')}
      END IF;
      PERFORM rehber_record_change(changed);
      RETURN NULL;
    END $$`;
};

export async function up(knex: Knex): Promise<void> {
  await knex.raw(COUNTRY_KEYS);
  await knex.raw(businessesChanged(true));
  await knex.raw(groupChanged(true));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(groupChanged(false));
  await knex.raw(businessesChanged(false));
  await knex.raw('DROP FUNCTION rehber_country_keys(text[], int[])');
}
