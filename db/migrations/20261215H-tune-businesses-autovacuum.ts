import type { Knex } from 'knex';

/**
 * Autovacuum comes for businesses after 2% of its rows changed (or were added), not PostgreSQL's
 * 20%. Until a page is vacuumed after a change its visibility map bit is off, and every entry of
 * that page an index-only walk reads (a city's list, open now, the counts) reads the table's page
 * too: a re-import of 5% of a million left a third of a big city's walk reading table pages, and
 * at 20% autovacuum would not have come until four such imports (docs/operations.md, "After an
 * import"). The insert factor does the same for rows an import adds to a directory that has some.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE businesses SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE businesses RESET (autovacuum_vacuum_scale_factor, autovacuum_vacuum_insert_scale_factor)');
}
