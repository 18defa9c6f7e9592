/**
 * "Open now" on a list: the minute each city's hours are read at, and the count of a list without
 * words. The kept facet counts cannot say how many of a city are open at this minute, and counting
 * them all would read the whole city; the count stops past a cap (the page then says
 * `totalCapped`), ten pages past the one shown, so its cost follows the page asked.
 */
import type { Knex } from 'knex';
import type { Db } from '../index.js';
import { businessWhere, type FacetFilters } from './facets.js';

/**
 * "Open now" at one minute: the minute of the week each city's hours are read at then
 * (openingMinute of domain/opening-status.ts in the city's zone), worked out by the read service
 * once per minute rather than by each statement per zone or per row. A statement reads a row's
 * minute from `literal`, an int[] whose element at a city's id is its minute and -1 for a city
 * without a zone (no open week holds -1, so its businesses are never open): one subscript a row.
 * Its JSON is the instant alone, so the filters it is part of key a memo by the minute.
 */
export class OpenAt {
  /** The int[] literal, indexed by city id (PostgreSQL arrays start at 1). */
  readonly literal: string;

  constructor(
    /** The minute, as an ISO instant. */
    readonly at: string,
    /** By city id - 1: the minute of the week, -1 for a city without a zone. */
    private readonly minutes: Int16Array,
  ) {
    this.literal = `{${minutes.join(',')}}`;
  }

  /** The minute of the week city `id` reads hours at; -1 when it has no zone. */
  minuteOf(id: number): number {
    return this.minutes[id - 1] ?? -1;
  }

  toJSON(): string {
    return this.at;
  }
}

/** Each city with a time zone. */
export async function cityZones(db: Db | Knex.Transaction): Promise<{ id: number; time_zone: string }[]> {
  const { rows } = await db.raw(`SELECT id, time_zone FROM cities WHERE time_zone IS NOT NULL`);
  return rows as { id: number; time_zone: string }[];
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
