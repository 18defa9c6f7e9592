import type { Knex } from 'knex';

/**
 * A block-range (BRIN) index of the businesses' ids: the ids are given in the order rows are
 * written, so each range of the table's pages holds a narrow run of them, and the few hundred
 * ranges say which pages hold the ids past a bound. A broad admin search of a few thousand
 * matches ANDs it with its words' bitmap and reads only the rows of its matches among the newest
 * (db/queries/admin-businesses.ts, windowPage): the primary key's bitmap of the same ids cost a
 * microsecond an id, more than the walk it replaced (docs/performance.md, "Admin"). A few dozen
 * kilobytes at the million; a write summarizes nothing (pages past the last summarized range are
 * always read, which is where new rows go).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS businesses_id_range_idx ON businesses USING brin (id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS businesses_id_range_idx');
}
