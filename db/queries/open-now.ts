/**
 * "Open now" on a list: the minute each city's hours are read at, and the count of a list without
 * words. The kept facet counts cannot say how many of a city are open at this minute, and counting
 * them all would read the whole city; the count stops past a cap (the page then says
 * `totalCapped`), ten pages past the one shown, so its cost follows the page asked.
 */
import type { Knex } from 'knex';
import type { Db } from '../index.js';
import { businessWhere, type FacetFilters } from './facets.js';

/** Each city with a time zone, and the offsets its businesses' open hours were worked out under. */
export async function cityZones(db: Db | Knex.Transaction): Promise<{ id: number; time_zone: string; open_offsets: number[] | null }[]> {
  const { rows } = await db.raw(`SELECT id, time_zone, open_offsets FROM cities WHERE time_zone IS NOT NULL`);
  return rows as { id: number; time_zone: string; open_offsets: number[] | null }[];
}

/** How many active businesses pass `f` (openAt included), counting no further than `cap` + 1. */
export async function countUpTo(db: Db | Knex.Transaction, f: FacetFilters, cap: number): Promise<number> {
  const where = businessWhere(f);
  const { rows } = await db.raw(`SELECT count(*)::int AS n FROM (SELECT 1 FROM businesses b WHERE ${where.sql} LIMIT ?) x`, [
    ...where.bindings,
    cap + 1,
  ] as Knex.RawBinding[]);
  return (rows as { n: number }[])[0].n;
}
