/**
 * "Open now" on a list: the minute each city's hours are read at, and a list without words' page
 * with its count. The kept facet counts cannot say how many of a city are open at this minute, and
 * counting them all would read the whole city; the count stops past a cap (the page then says
 * `totalCapped`), ten pages past the one shown, so its cost follows the page asked.
 */
import type { Knex } from 'knex';
import type { Db } from '../index.js';
import type { Business } from '../../domain/types.js';
import type { SearchSort } from '../../domain/search.js';
import { SEEN_VERSION } from '../data-version.js';
import { businessByIdSql, toBusiness, type BusinessRow } from './businesses.js';
import { businessWhere, type FacetFilters } from './facets.js';
import { listOrderSql } from './search.js';
import { readWithoutIndexWalks } from './bitmap-scans.js';

/** Each city with a time zone, and the offsets its businesses' open hours were worked out under. */
export async function cityZones(db: Db | Knex.Transaction): Promise<{ id: number; time_zone: string; open_offsets: number[] | null }[]> {
  const { rows } = await db.raw(`SELECT id, time_zone, open_offsets FROM cities WHERE time_zone IS NOT NULL`);
  return rows as { id: number; time_zone: string; open_offsets: number[] | null }[];
}

/**
 * One page of the active businesses under `f` (openAt included), sorted, with how many pass `f`
 * counted no further than `cap` + 1, and the page's businesses as businessesById reads them: one
 * walk of the list's listing index in its order, up to the cap + 1 open entries (the page is
 * among them: the cap is past it), numbered as walked. The count and the page were two walks of
 * the same entries, and the rows a third statement; `version`: the data version the statement saw.
 * `sparse`: few match its filters that the walk's index does not carry, whatever the hour
 * (search.ts readWhole): read whole and sorted, not walked.
 */
export async function openPageAndCount(
  db: Db | Knex.Transaction,
  f: FacetFilters,
  sort: SearchSort,
  page: number,
  limit: number,
  cap: number,
  sparse = false,
): Promise<{ rows: Business[]; count: number; version: string | null }> {
  const where = businessWhere(f);
  const order = listOrderSql(sort);
  // The window's order is the walk's own (the listing index's): numbered as read, no sort.
  const sql = `WITH walk AS MATERIALIZED (
      SELECT b.id, row_number() OVER (ORDER BY ${order}) AS open_rank FROM businesses b WHERE ${where.sql} ORDER BY ${order} LIMIT ?)
    SELECT t.open_count, t.seen_version, p.open_rank, x.*
      FROM (SELECT count(*)::int AS open_count, ${SEEN_VERSION} AS seen_version FROM walk) t
      LEFT JOIN walk p ON p.open_rank > ? AND p.open_rank <= ?
      LEFT JOIN LATERAL ${businessByIdSql('p.id')} x ON true`;
  const first = (page - 1) * limit;
  const bindings = [...where.bindings, cap + 1, first, first + limit] as Knex.RawBinding[];
  type Row = BusinessRow & { open_count: number; seen_version: string | null; open_rank: string | null };
  const rows = (sparse ? await readWithoutIndexWalks(db, sql, bindings) : ((await db.raw(sql, bindings)) as { rows: Row[] }).rows) as Row[];
  // In walk order here, not by a sort in the statement.
  const onPage = rows.filter((r) => r.open_rank !== null).sort((a, b) => Number(a.open_rank) - Number(b.open_rank));
  return {
    rows: onPage.filter((r) => r.id !== null).map(toBusiness),
    count: rows[0]?.open_count ?? 0,
    version: rows[0]?.seen_version ?? null,
  };
}
