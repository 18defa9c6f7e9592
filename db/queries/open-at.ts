/**
 * "Open now" at one minute: the minute of the week each city's hours are read at then
 * (openingMinute of domain/opening-status.ts in the city's zone), worked out by the read service
 * once per minute rather than by each statement per zone or per row. A statement reads a row's
 * minute from an int[] whose element at a city's id is its minute and -1 for a city without a zone
 * (no open week holds -1, so its businesses are never open): one subscript a row.
 * Its JSON is the instant alone, so the filters it is part of key a memo by the minute.
 */

/**
 * The test of a business's week (`open_week` of businesses `b`) at a minute, as SQL: the function
 * behind `@>`, a built-in one, called by name. The planner sees no containment in a function call
 * (no operator, no support function): it guesses a third of the rows pass and walks a list's
 * listing index in order, stopping after the page, rather than reading every business of the city
 * to sort those open, as it chose when it could see the containment (which it takes for rare).
 * Built in rather than written in PL/pgSQL, whose every call costs a row more than the test does.
 */
const openTest = (minute: string) => `multirange_contains_elem(b.open_week, ${minute})`;

/** Open now at one minute: the minute of each city, by id. */
export class OpenAt {
  /** The int[] literal, indexed by city id (PostgreSQL arrays start at 1). */
  readonly literal: string;
  /**
   * The test of a row's week at its city's minute (openAtSql), built once a minute: the array is
   * written into the statement's text as a constant rather than bound. It is made of digits, commas
   * and minus signs alone, and as a bound value the query builder escaped its tens of kilobytes
   * character by character in every statement that carried it, a large share of the server's CPU
   * in an open-now search.
   */
  readonly rowTest: string;

  constructor(
    /** The minute, as an ISO instant. */
    readonly at: string,
    /** By city id - 1: the minute of the week, -1 for a city without a zone. */
    private readonly minutes: Int16Array,
    /**
     * The UTC hour of the week every business open at this minute holds in its open hours
     * (domain/open-hours.ts), which a search's read of few matches requires beside the week's
     * test (openHoursSql); undefined when some city's stored offsets do not cover it.
     */
    readonly hour?: number,
  ) {
    this.literal = `{${minutes.join(',')}}`;
    this.rowTest = openTest(`('${this.literal}'::int[])[b.city_id]`);
  }

  /** The minute of the week city `id` reads hours at; -1 when it has no zone. */
  minuteOf(id: number): number {
    return this.minutes[id - 1] ?? -1;
  }

  toJSON(): string {
    return this.at;
  }
}

/**
 * Open at `open` over businesses `b`: one city's list binds its one minute; any other list
 * subscripts the minutes of every city by the row's city id, which costs a row no lookup of its
 * city or zone.
 */
export function openAtSql(open: OpenAt, cityId?: number): { sql: string; bindings: unknown[] } {
  if (cityId !== undefined) return { sql: openTest('?::int'), bindings: [open.minuteOf(cityId)] };
  return { sql: open.rowTest, bindings: [] };
}

/**
 * The same test as the planner estimates it: its guess for a function call does not depend on the
 * minute, so a statement that only asks for the estimate (EXPLAIN) carries no minutes.
 */
export const OPEN_ESTIMATE_SQL = openTest('0');

/**
 * The open hours' necessary condition at `open`'s hour: a key of the search documents' index
 * (migration 20261212O), so a read of a narrow set intersects it with the words' entries and
 * reads few closed matches from the table. Null without an hour (the week alone is tested then).
 * Never for a broad word's read: the hour's entries are a third to a half of the directory, which
 * the index would intersect in full (docs/search.md, "Open now in the search index").
 */
export function openHoursSql(open: OpenAt | undefined): string | null {
  return open?.hour === undefined ? null : `b.open_hours @> '{${Math.trunc(open.hour)}}'::int2[]`;
}
