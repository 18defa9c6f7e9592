import type { Knex } from 'knex';

/**
 * The search documents' GIN index, keyed by a business's quality band as well (through
 * `btree_gin`, a contrib extension a database owner may create: it is trusted), so "the best n
 * holding these words" is read band by band from the best down (db/queries/search.ts): each band's
 * matches are one small bitmap, where a walk of the quality index visited every business on the
 * way, a word's share of the directory at a time, to test its document.
 *
 * The band rises with quality (never falls), in steps of how far below a perfect 5 a business
 * stands, a step being 1/16 of that distance's logarithm: the best are split finely (a 4.99
 * from thousands of reviews, a 4.97), where most of a directory crowds, and the bottom, which a
 * page seldom reaches, coarsely.
 *
 * The indexes of the names' and the places' words (migrations 20261203M, 20261130A) are keyed
 * the same way, so the best of a tier (the names holding every word) is one bitmap a band too,
 * whether the tier is most of the matches or none of them. Each index replaces the one of the
 * same words: a read by words alone reads the same entries, so an import still builds three GIN
 * indexes of the documents, each with one more entry a business.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS btree_gin');
  await knex.raw(`CREATE FUNCTION rehber_quality_band(quality real) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $$ SELECT floor(-16 * ln(greatest(5 - quality, 0.0001)))::integer $$`);
  // Where a read by bands starts: the best active business's band, from the top of the quality
  // index, which a read that allows bitmap scans alone (db/queries/bitmap-scans.ts) could not walk.
  await knex.raw(`CREATE FUNCTION rehber_top_quality_band() RETURNS integer LANGUAGE sql STABLE PARALLEL SAFE SET enable_indexscan = on
    AS $$ SELECT rehber_quality_band(max(quality)) FROM businesses WHERE is_active $$`);
  // As much memory as the bulk loader's rebuild gives it (data/store/load-indexes.ts).
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  for (const [name, [banded]] of Object.entries(INDEXES)) {
    await knex.raw(`DROP INDEX ${name}`);
    await knex.raw(`CREATE INDEX ${name} ${banded}`);
  }
  // A city's broad search reads its bands with the city as a filter: its walk in quality order
  // (migration 20261205A) has nothing left to do, and an import one btree less to keep.
  await knex.raw('DROP INDEX businesses_city_quality_idx');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  await knex.raw('CREATE INDEX businesses_city_quality_idx ON businesses (city_id, quality DESC, id) WHERE is_active');
  for (const [name, [, plain]] of Object.entries(INDEXES)) {
    await knex.raw(`DROP INDEX ${name}`);
    await knex.raw(`CREATE INDEX ${name} ${plain}`);
  }
  await knex.raw('DROP FUNCTION rehber_top_quality_band()');
  await knex.raw('DROP FUNCTION rehber_quality_band(real)');
  // The extension stays: dropping it could take another's objects with it.
}

/** Each index of the documents as this migration makes it (keyed by band) and as it was. */
const INDEXES: Record<string, [string, string]> = {
  businesses_search_idx: ['ON businesses USING gin (rehber_quality_band(quality), search_vector)', 'ON businesses USING gin (search_vector)'],
  businesses_name_words_idx: [
    `ON businesses USING gin (rehber_quality_band(quality), ts_filter(search_vector, '{a}')) WHERE is_active`,
    `ON businesses USING gin (ts_filter(search_vector, '{a}')) WHERE is_active`,
  ],
  businesses_place_idx: [`ON businesses USING gin (rehber_quality_band(quality), ts_filter(search_vector, '{c}'))`, `ON businesses USING gin (ts_filter(search_vector, '{c}'))`],
};
