import type { Knex } from 'knex';

/**
 * Where a business is, indexed apart from what it is: the lexemes of weight C of its search
 * document (its city's lexeme and own name, district, state, country, postal code; migration
 * 20261127A). A search's place is matched here (db/queries/search.ts), not in the whole document.
 *
 * The documents' GIN index does not keep a lexeme's weight, so it answered 'restaurant':C with
 * every document holding 'restaurant' anywhere, each then read and rechecked: 210,000 of the
 * world-shaped million, 0.6-2.5 s for `?location=restaurant`, which finds nothing, every time it
 * was asked. This index holds only the places: 27 MB, built in 2.3 s at a million; the same ask
 * reads four of its pages.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  await knex.raw(`CREATE INDEX businesses_place_idx ON businesses USING gin (ts_filter(search_vector, '{c}'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX businesses_place_idx');
}
