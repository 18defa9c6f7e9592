import type { Knex } from 'knex';

/**
 * The index set of businesses for the search document (20261124H): the substring, postal-code
 * and district arms of the old search and the ILIKE arms of the admin search are answered by
 * the one GIN index of search_vector, and list totals come from business_facets (20261124I), so
 * these indexes would only cost every import their upkeep (dropped first, so the document's
 * backfill does not maintain them either). What stays and why: README's search part.
 * Place suggestions read the cities' folded names by prefix through a trigram index.
 * The bulk loader drops whatever secondary indexes and foreign keys the schema has and keeps
 * their definitions in dropped_business_indexes until it has built them again (a load killed
 * in between leaves them there for the next import to rebuild).
 */
export const DROPPED: Record<string, string> = {
  businesses_name_trgm_idx: 'ON businesses USING gin (name gin_trgm_ops)',
  businesses_address_trgm_idx: 'ON businesses USING gin (address gin_trgm_ops)',
  businesses_slug_trgm_idx: 'ON businesses USING gin (slug gin_trgm_ops)',
  businesses_postal_code_pattern_idx: 'ON businesses (postal_code text_pattern_ops)',
  businesses_district_idx: 'ON businesses (lower(district)) WHERE district IS NOT NULL',
  businesses_category_inactive_idx: 'ON businesses (category_id) WHERE NOT is_active',
};

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`DROP INDEX IF EXISTS ${Object.keys(DROPPED).join(', ')}`);
  await knex.raw('CREATE INDEX cities_alt_names_trgm_idx ON cities USING gin (alt_names gin_trgm_ops)');
  await knex.raw(`CREATE TABLE dropped_business_indexes (
    name text PRIMARY KEY,
    definition text NOT NULL,
    -- A foreign key's column and referenced table (null for an index).
    fk_column text,
    fk_table text
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE dropped_business_indexes');
  await knex.raw('DROP INDEX cities_alt_names_trgm_idx');
  for (const [name, definition] of Object.entries(DROPPED)) await knex.raw(`CREATE INDEX IF NOT EXISTS ${name} ${definition}`);
}
