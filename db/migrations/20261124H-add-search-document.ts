import type { Knex } from 'knex';

/**
 * One search document per business, in the one GIN index that public search, location,
 * suggestions and the admin list all read:
 * - text folded by rehber_fold (unaccent, then lower, with Turkish İ/I/ı all 'i', so 'İstanbul',
 *   'ISTANBUL' and 'istanbul' meet) under the 'simple' configuration: no stemming, the words as written;
 * - weighted: name A, category B, place C (city with its alternate names, district, state, country,
 *   postal code), the rest D (services, about, description, street address);
 * - kept by a row trigger that reads the category's and city's names, so every write of the
 *   store (import batches, edits, undo, re-resolution) keeps it without knowing it exists; a
 *   renamed category or city rewrites its businesses' documents.
 * The search_words table is the vocabulary of the documents (pg_trgm finds 'plumber' for
 * 'plumbr'), kept by statement triggers from each statement's new rows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS unaccent');
  // unaccent(regdictionary, text) is only STABLE (it reads the dictionary by name); naming the
  // dictionary by schema makes the wrapper safe to declare IMMUTABLE, so indexes may use it.
  const { rows } = await knex.raw(`SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'unaccent'`);
  const schema = rows[0].schema as string;
  await knex.raw(`
    CREATE FUNCTION rehber_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS
    $$ SELECT lower(${schema}.unaccent('${schema}.unaccent'::regdictionary, translate($1, 'İIı', 'iii'))) $$`);
  await knex.raw(`
    CREATE FUNCTION rehber_search_document(name text, category text, place text, rest text)
    RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT setweight(to_tsvector('simple', rehber_fold(coalesce(name, ''))), 'A')
          || setweight(to_tsvector('simple', rehber_fold(coalesce(category, ''))), 'B')
          || setweight(to_tsvector('simple', rehber_fold(coalesce(place, ''))), 'C')
          || setweight(to_tsvector('simple', rehber_fold(coalesce(rest, ''))), 'D') $$`);
  await knex.raw(`
    CREATE FUNCTION rehber_business_document() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE category text; city text;
    BEGIN
      SELECT c.name INTO category FROM categories c WHERE c.id = NEW.category_id;
      SELECT c.name || ' ' || replace(c.alt_names, '|', ' ') INTO city FROM cities c WHERE c.id = NEW.city_id;
      NEW.search_vector := rehber_search_document(
        NEW.name, category,
        concat_ws(' ', city, NEW.district, NEW.state, NEW.country, NEW.postal_code),
        concat_ws(' ', array_to_string(NEW.services, ' '), NEW.about, NEW.description, NEW.address));
      RETURN NEW;
    END $$`);

  // The generated column could not see the category or the city; the trigger replaces it. The
  // existing rows are filled in one statement first (a row trigger per row would be slower).
  await knex.raw('ALTER TABLE businesses DROP COLUMN search_vector');
  await knex.raw('DROP FUNCTION IF EXISTS rehber_search_text(text, text, text, text[])');
  await knex.raw('ALTER TABLE businesses ADD COLUMN search_vector tsvector');
  await knex.raw(`UPDATE businesses b SET search_vector = rehber_search_document(
      b.name, (SELECT k.name FROM categories k WHERE k.id = b.category_id),
      concat_ws(' ', (SELECT c.name || ' ' || replace(c.alt_names, '|', ' ') FROM cities c WHERE c.id = b.city_id), b.district, b.state, b.country, b.postal_code),
      concat_ws(' ', array_to_string(b.services, ' '), b.about, b.description, b.address))`);
  await knex.raw(`CREATE TRIGGER businesses_search_document
    BEFORE INSERT OR UPDATE OF name, category_id, city_id, district, state, country, postal_code, services, about, description, address
    ON businesses FOR EACH ROW EXECUTE FUNCTION rehber_business_document()`);
  await knex.raw('CREATE INDEX businesses_search_idx ON businesses USING gin (search_vector)');

  await knex.raw(`CREATE FUNCTION rehber_category_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN UPDATE businesses SET category_id = category_id WHERE category_id = NEW.id; RETURN NULL; END $$`);
  await knex.raw(`CREATE TRIGGER categories_search_document AFTER UPDATE OF name ON categories
    FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION rehber_category_renamed()`);
  await knex.raw(`CREATE FUNCTION rehber_city_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN UPDATE businesses SET city_id = city_id WHERE city_id = NEW.id; RETURN NULL; END $$`);
  await knex.raw(`CREATE TRIGGER cities_search_document AFTER UPDATE OF name, alt_names ON cities
    FOR EACH ROW WHEN ((OLD.name, OLD.alt_names) IS DISTINCT FROM (NEW.name, NEW.alt_names)) EXECUTE FUNCTION rehber_city_renamed()`);

  // The vocabulary for "did you mean": words of three letters or more without digits.
  await knex.raw('CREATE TABLE search_words (word text PRIMARY KEY)');
  await knex.raw('CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops)');
  await knex.raw(`CREATE FUNCTION rehber_collect_words() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_words (word)
        SELECT DISTINCT w FROM new_rows n, unnest(tsvector_to_array(n.search_vector)) w
         WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[0-9]'
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER businesses_words_insert AFTER INSERT ON businesses
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rehber_collect_words()`);
  await knex.raw(`CREATE TRIGGER businesses_words_update AFTER UPDATE ON businesses
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rehber_collect_words()`);
  await knex.raw(`INSERT INTO search_words (word)
    SELECT DISTINCT w FROM businesses b, unnest(tsvector_to_array(b.search_vector)) w
     WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[0-9]' ON CONFLICT DO NOTHING`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER businesses_words_insert ON businesses');
  await knex.raw('DROP TRIGGER businesses_words_update ON businesses');
  await knex.raw('DROP FUNCTION rehber_collect_words()');
  await knex.raw('DROP TABLE search_words');
  await knex.raw('DROP TRIGGER categories_search_document ON categories');
  await knex.raw('DROP TRIGGER cities_search_document ON cities');
  await knex.raw('DROP FUNCTION rehber_category_renamed()');
  await knex.raw('DROP FUNCTION rehber_city_renamed()');
  await knex.raw('DROP TRIGGER businesses_search_document ON businesses');
  await knex.raw('DROP FUNCTION rehber_business_document()');
  await knex.raw('ALTER TABLE businesses DROP COLUMN search_vector');
  await knex.raw(`
    CREATE FUNCTION rehber_search_text(name text, about text, description text, services text[])
    RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
    $$ SELECT coalesce(name, '') || ' ' || coalesce(about, '') || ' ' || coalesce(description, '') || ' ' || coalesce(array_to_string(services, ' '), '') $$`);
  await knex.raw(`
    ALTER TABLE businesses ADD COLUMN search_vector tsvector
    GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, rehber_search_text(name, about, description, services))) STORED`);
  await knex.raw('CREATE INDEX businesses_search_idx ON businesses USING gin (search_vector)');
  await knex.raw('DROP FUNCTION rehber_search_document(text, text, text, text)');
  await knex.raw('DROP FUNCTION rehber_fold(text)');
}
