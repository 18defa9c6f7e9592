import type { Knex } from 'knex';
import type { Db } from '../index.js';

/**
 * The rows of `sql` read through bitmap scans alone, so through the search document's indexes
 * (words, place), never by walking the table: the public search's candidates, the admin search's
 * matches. Under a LIMIT, a word of many matches made the planner expect to meet them early in a
 * seq scan (or a walk of any index of active rows, when seq scans are off); where they lie depends
 * on the order rows were imported (a file's country, its cities) and on where a synchronized scan
 * starts, so the same statement ran fast or hundreds of times slower (docs/performance.md), while
 * the index's bitmap costs the same whatever the order. With seq and index scans off, only bitmaps
 * are left, and the documents' are the ones that narrow (a primary key is still read by its
 * bitmap, one row a probe). The settings and the statement go as one simple query (values inlined,
 * escaped by knex), which PostgreSQL runs as one implicit transaction: one round trip, and the
 * settings end with it (RESET too, in case a caller's transaction holds them).
 */
export async function readByBitmapScans(db: Db | Knex.Transaction, sql: string, bindings: Knex.RawBinding[]): Promise<unknown[]> {
  const results = (await db.raw(byBitmapScans(db, sql, bindings))) as { rows: unknown[] }[];
  return results[BITMAP_SCAN_RESULT].rows;
}

/**
 * The statements of readByBitmapScans as one text, for a caller that sends other statements in
 * the same round trip (their results come before and after; the read's is BITMAP_SCAN_RESULT
 * places past this text's start, of BITMAP_SCAN_STATEMENTS).
 */
export const byBitmapScans = (db: Db | Knex.Transaction, sql: string, bindings: Knex.RawBinding[]): string =>
  `SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off; SET LOCAL random_page_cost = ${RANDOM_PAGE_COST}; SET LOCAL cpu_index_tuple_cost = ${INDEX_TUPLE_COST}; ${db.raw(sql, bindings).toQuery()}; RESET enable_seqscan; RESET enable_indexscan; RESET random_page_cost; RESET cpu_index_tuple_cost`;
export const BITMAP_SCAN_RESULT = 4;
export const BITMAP_SCAN_STATEMENTS = 9;

/**
 * The rows of `sql` with index walks off (index-only walks too), so a set is read through its
 * index's bitmap or by a scan and then sorted: a list that few of its set match under a filter its
 * walk's index does not carry (search.ts readWhole), which a walk in order would read
 * whole to find them. One simple query, one implicit transaction, as readByBitmapScans's.
 */
export async function readWithoutIndexWalks(db: Db | Knex.Transaction, sql: string, bindings: Knex.RawBinding[]): Promise<unknown[]> {
  const results = (await db.raw(
    `SET LOCAL enable_indexscan = off; SET LOCAL enable_indexonlyscan = off; ${db.raw(sql, bindings).toQuery()}; RESET enable_indexscan; RESET enable_indexonlyscan`,
  )) as { rows: unknown[] }[];
  return results[2].rows;
}

/**
 * The planner's weights in these reads, for what a bitmap of a GIN index costs beside the pages it
 * spares. The documents sit in memory, so a page read out of order costs about what one in order
 * does (random_page_cost, 4 by default); and each document a GIN bitmap holds is checked against
 * the tsquery inside the index, about a microsecond each (cpu_index_tuple_cost, 0.005 by default,
 * counts it as a two-hundredth of a page). At the defaults the planner ANDed a country's
 * bitmap as a place (a hundred thousand documents) with the words' bitmap of a few hundred or
 * thousand in it, to spare reading those few pages: hundreds of milliseconds where the words'
 * bitmap alone takes a few (docs/performance.md). A place that narrows (a word many documents
 * hold, none as its place: 'restaurant') is still read in the place index.
 */
export const RANDOM_PAGE_COST = 1.1;
export const INDEX_TUPLE_COST = 0.2;
