import type { Knex } from 'knex';

/**
 * Migration 20261212O rewrote the businesses table (the open hours' column, added in one rewrite
 * of every row), and a rewritten table starts with an empty visibility map: until a VACUUM marks its
 * pages all-visible, every entry an index-only scan walks is a read of its row's page in the table
 * too. Autovacuum does not come for a rewrite (it counts no inserted, updated or deleted rows), so
 * a directory left after it read a heap page for each entry its lists walk: an open-now city page's
 * walk of its listing index up to its count's cap read a page for each of hundreds of entries
 * (docs/performance.md, "Open now"). One VACUUM marks them. VACUUM cannot run inside a transaction.
 */
export const config = { transaction: false };

export async function up(knex: Knex): Promise<void> {
  await knex.raw('VACUUM businesses');
}

/** Nothing to undo: the map is the table's own bookkeeping, and the rows are as they were. */
export async function down(): Promise<void> {}
