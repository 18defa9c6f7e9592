import type { Knex } from 'knex';

/**
 * A business's search document names its city by one lexeme ('city:42', weight C) and its
 * city's own name, instead of every alternate name of the city. A gazetteer city has dozens of
 * names (Berlin: 'berlijn', 'berlino', 'bai lin'...), the same for each of its businesses: they
 * were three quarters of a document's lexemes, of the search index and of a bulk load's work.
 *
 * A query finds them the other way round (tsqueries in db/queries/search-query.ts): each word of
 * the query is that word or the lexeme of any city one of whose alternate names holds it
 * ('constantinople' is 'constantinople' | 'city:7'), with the word's weight and prefix rule. A
 * word of a city's own name is matched by the name in the documents, as before. The cities' names
 * are kept with each city (cities.search_names) under their own small GIN index. So a search for
 * a city by any of its names matches exactly the documents it matched before, and a city's new
 * alternate name is found at once, without rewriting its businesses' documents (only a new own
 * name does that).
 *
 * The lexeme cannot come from typed text (the parser splits at ':'), and the vocabulary's rule
 * (no digit) keeps it out of search_words; the vocabulary takes the cities' words from the
 * cities themselves.
 */
const WORDS_RULE = `length(w) BETWEEN 3 AND 40 AND w !~ '[0-9]'`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION rehber_city_lexeme(city_id int) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
    $$ SELECT CASE WHEN city_id IS NULL THEN ''::tsvector ELSE ('''city:' || city_id || ''':1C')::tsvector END $$`);
  // A body in SQL-standard form is bound when it is created: an index build runs with an empty
  // search_path, where a quoted body would not find rehber_fold.
  await knex.raw(`
    CREATE FUNCTION rehber_city_names(name text, alt_names text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN to_tsvector('simple', rehber_fold(coalesce(name, '') || ' ' || replace(coalesce(alt_names, ''), '|', ' ')))`);
  // Kept with the row: a query reads every city's names for each of its words.
  await knex.raw('ALTER TABLE cities ADD COLUMN search_names tsvector GENERATED ALWAYS AS (rehber_city_names(name, alt_names)) STORED');
  await knex.raw('CREATE INDEX cities_search_names_idx ON cities USING gin (search_names)');

  // A business's document from its columns and its category's and city's names: the row trigger,
  // the bulk loader's lane (data/store/load-direct.ts) and the rewrite below all call this one.
  // STABLE as concat_ws is: PostgreSQL then inlines it into the calling statement (declared
  // IMMUTABLE it was called per row, a fifth slower in the lane).
  await knex.raw(`
    CREATE FUNCTION rehber_business_search_document(
      name text, category text, city text, city_id int, district text, state text, country text, postal_code text,
      services text[], about text, description text, address text
    ) RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT rehber_search_document(name, category, concat_ws(' ', city, district, state, country, postal_code),
                                    concat_ws(' ', array_to_string(services, ' '), about, description, address))
          || rehber_city_lexeme(city_id) $$`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION rehber_business_document() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE category text; city text;
    BEGIN
      SELECT c.name INTO category FROM categories c WHERE c.id = NEW.category_id;
      SELECT c.name INTO city FROM cities c WHERE c.id = NEW.city_id;
      NEW.search_vector := rehber_business_search_document(NEW.name, category, city, NEW.city_id, NEW.district, NEW.state,
        NEW.country, NEW.postal_code, NEW.services, NEW.about, NEW.description, NEW.address);
      RETURN NEW;
    END $$`);

  // Only a city's own name is in its businesses' documents now.
  await knex.raw('DROP TRIGGER cities_search_document ON cities');
  await knex.raw(`CREATE TRIGGER cities_search_document AFTER UPDATE OF name ON cities
    FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION rehber_city_renamed()`);

  // The vocabulary ("did you mean") keeps every name of every city.
  await knex.raw(`CREATE FUNCTION rehber_collect_city_words() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_words (word)
        SELECT DISTINCT w FROM new_cities n, unnest(tsvector_to_array(n.search_names)) w
         WHERE ${WORDS_RULE}
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER cities_words_insert AFTER INSERT ON cities
    REFERENCING NEW TABLE AS new_cities FOR EACH STATEMENT EXECUTE FUNCTION rehber_collect_city_words()`);
  await knex.raw(`CREATE TRIGGER cities_words_update AFTER UPDATE ON cities
    REFERENCING NEW TABLE AS new_cities FOR EACH STATEMENT EXECUTE FUNCTION rehber_collect_city_words()`);

  await rewriteDocuments(knex, `rehber_business_search_document(b.name, (SELECT k.name FROM categories k WHERE k.id = b.category_id), c.name, b.city_id,
    b.district, b.state, b.country, b.postal_code, b.services, b.about, b.description, b.address)`);
}

/**
 * Every document of a business with a city, set-wise, its GIN index built once afterwards. The
 * counts and the vocabulary do not change (the cities' words are in it already), so their
 * statement triggers stay off for this one statement.
 */
async function rewriteDocuments(knex: Knex, document: string): Promise<void> {
  await knex.raw('DROP INDEX businesses_search_idx');
  await knex.raw('ALTER TABLE businesses DISABLE TRIGGER businesses_facets_update, DISABLE TRIGGER businesses_words_update');
  await knex.raw(`UPDATE businesses b SET search_vector = ${document} FROM cities c WHERE c.id = b.city_id`);
  await knex.raw('ALTER TABLE businesses ENABLE TRIGGER businesses_facets_update, ENABLE TRIGGER businesses_words_update');
  // As much memory as the bulk loader's rebuild gives it (data/store/load-indexes.ts).
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  await knex.raw('CREATE INDEX businesses_search_idx ON businesses USING gin (search_vector)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER cities_words_insert ON cities');
  await knex.raw('DROP TRIGGER cities_words_update ON cities');
  await knex.raw('DROP FUNCTION rehber_collect_city_words()');
  await knex.raw('DROP TRIGGER cities_search_document ON cities');
  await knex.raw(`CREATE TRIGGER cities_search_document AFTER UPDATE OF name, alt_names ON cities
    FOR EACH ROW WHEN ((OLD.name, OLD.alt_names) IS DISTINCT FROM (NEW.name, NEW.alt_names)) EXECUTE FUNCTION rehber_city_renamed()`);
  await knex.raw(`
    CREATE OR REPLACE FUNCTION rehber_business_document() RETURNS trigger LANGUAGE plpgsql AS $$
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
  await rewriteDocuments(knex, `rehber_search_document(b.name, (SELECT k.name FROM categories k WHERE k.id = b.category_id),
    concat_ws(' ', c.name || ' ' || replace(c.alt_names, '|', ' '), b.district, b.state, b.country, b.postal_code),
    concat_ws(' ', array_to_string(b.services, ' '), b.about, b.description, b.address))`);
  await knex.raw('DROP FUNCTION rehber_business_search_document(text, text, text, int, text, text, text, text, text[], text, text, text)');
  await knex.raw('ALTER TABLE cities DROP COLUMN search_names');
  await knex.raw('DROP FUNCTION rehber_city_names(text, text)');
  await knex.raw('DROP FUNCTION rehber_city_lexeme(int)');
}
