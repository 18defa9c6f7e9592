import type { Knex } from 'knex';
import type { Db } from '../index.js';

/**
 * The rows of `sql` read through the search document's indexes (words, place), never by walking
 * the table: the public search's candidates, the admin search's matches. Under a LIMIT, a word of
 * many matches made the planner expect to meet them early in a seq scan (or a walk of any index of
 * active rows, when seq scans are off); where they lie depends on the order rows were imported (a
 * file's country, its cities) and on where a synchronized scan starts: 0.6 to 565 ms for the same
 * statement ('china' as a place, 186,000 matches), against 15 to 44 ms for the index's bitmap
 * whatever the order. With seq and index scans off, only bitmaps are left, and the documents' are
 * the ones that narrow (a primary key is still read by its bitmap, one row a probe). The settings
 * and the statement go as one simple query (values inlined, escaped by knex), which PostgreSQL
 * runs as one implicit transaction: one round trip, and the settings end with it (RESET too, in
 * case a caller's transaction holds them).
 */
export async function throughTheIndex(db: Db | Knex.Transaction, sql: string, bindings: Knex.RawBinding[]): Promise<unknown[]> {
  const results = (await db.raw(
    `SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off; ${db.raw(sql, bindings).toQuery()}; RESET enable_seqscan; RESET enable_indexscan`,
  )) as { rows: unknown[] }[];
  return results[2].rows;
}
