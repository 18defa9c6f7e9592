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
