import type { Knex } from 'knex';

/**
 * Public search (db/queries/businesses.ts searchBusinesses) matches the ASCII-folded slug anywhere
 * ('cicekci' finds 'Şişli Çiçekçi') and postal codes by prefix: without these two indexes either
 * arm would turn every search into a scan of the whole table.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS businesses_slug_trgm_idx ON businesses USING gin (slug gin_trgm_ops)');
  await knex.raw('CREATE INDEX IF NOT EXISTS businesses_postal_code_pattern_idx ON businesses (postal_code text_pattern_ops)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS businesses_slug_trgm_idx');
  await knex.raw('DROP INDEX IF EXISTS businesses_postal_code_pattern_idx');
}
