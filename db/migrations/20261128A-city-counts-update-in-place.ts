import type { Knex } from 'knex';

/**
 * A city's business count is updated in place. Every import batch and every edit moves the counts
 * of its cities, and at a million businesses over 4,400 cities a batch of 10,000 rows touches
 * ~2,800 of them. Three things made each of those updates rewrite the whole row and every index
 * of it, GIN indexes over hundreds of names included (255-333 of a batch's ~900 ms; the bench's
 * ten cities hid it):
 * - the index on business_count, which no HOT update survives. The lists by count read every
 *   city with businesses and sort the first few (a few ms at 4,400, cached per data version);
 * - the stored generated column search_names (migration 20261127A), which PostgreSQL computes
 *   again on every update of the row and so counts as changed. An index on the same expression
 *   gives the same lookups and changes only with the names;
 * - a vocabulary trigger on every UPDATE of cities (one with a transition table cannot name
 *   columns), which took every word of every touched city again. A row trigger names them.
 * With room left on each page (fillfactor), the count's new version stays on its page.
 */
const WORDS_RULE = `length(w) BETWEEN 3 AND 40 AND w !~ '[0-9]'`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER cities_words_update ON cities');
  await knex.raw(`CREATE OR REPLACE FUNCTION rehber_collect_city_words() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_words (word)
        SELECT DISTINCT w FROM new_cities n, unnest(tsvector_to_array(rehber_city_names(n.name, n.alt_names))) w
         WHERE ${WORDS_RULE}
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE FUNCTION rehber_collect_renamed_city_words() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_words (word)
        SELECT DISTINCT w FROM unnest(tsvector_to_array(rehber_city_names(NEW.name, NEW.alt_names))) w
         WHERE ${WORDS_RULE}
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER cities_words_update AFTER UPDATE OF name, alt_names ON cities
    FOR EACH ROW WHEN ((OLD.name, OLD.alt_names) IS DISTINCT FROM (NEW.name, NEW.alt_names))
    EXECUTE FUNCTION rehber_collect_renamed_city_words()`);
  await knex.raw('ALTER TABLE cities DROP COLUMN search_names');
  await knex.raw('CREATE INDEX cities_search_names_idx ON cities USING gin (rehber_city_names(name, alt_names))');
  await knex.raw('DROP INDEX cities_business_count_idx');
  await knex.raw('ALTER TABLE cities SET (fillfactor = 50)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE cities RESET (fillfactor)');
  await knex.raw('CREATE INDEX cities_business_count_idx ON cities (business_count DESC)');
  await knex.raw('DROP INDEX cities_search_names_idx');
  await knex.raw('ALTER TABLE cities ADD COLUMN search_names tsvector GENERATED ALWAYS AS (rehber_city_names(name, alt_names)) STORED');
  await knex.raw('CREATE INDEX cities_search_names_idx ON cities USING gin (search_names)');
  await knex.raw('DROP TRIGGER cities_words_update ON cities');
  await knex.raw('DROP FUNCTION rehber_collect_renamed_city_words()');
  await knex.raw(`CREATE OR REPLACE FUNCTION rehber_collect_city_words() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_words (word)
        SELECT DISTINCT w FROM new_cities n, unnest(tsvector_to_array(n.search_names)) w
         WHERE ${WORDS_RULE}
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER cities_words_update AFTER UPDATE ON cities
    REFERENCING NEW TABLE AS new_cities FOR EACH STATEMENT EXECUTE FUNCTION rehber_collect_city_words()`);
}
