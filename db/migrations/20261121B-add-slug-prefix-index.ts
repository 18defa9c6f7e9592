import type { Knex } from 'knex';

/**
 * A detail link without its place-id suffix (/details/sisli-cicekci) is found by slug prefix
 * (LIKE 'sisli-cicekci-%'). The unique slug index cannot serve LIKE under a non-C collation;
 * text_pattern_ops can, so a miss on a million rows is an index probe, not a scan.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS businesses_slug_pattern_idx ON businesses (slug text_pattern_ops)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS businesses_slug_pattern_idx');
}
