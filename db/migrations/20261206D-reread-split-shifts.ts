import type { Knex } from 'knex';
import { readWorkingHours } from '../../domain/hours-text.js';
import { openWeekText } from '../../domain/opening-status.js';

/**
 * A day of several shifts ('9AM-12PM, 2PM-6PM', ["9AM-12PM","2PM-6PM"], 'Mon-Fri 09:00-12:00,
 * 14:00-18:00') was read as one span from its first opening to its last closing, so a lunch break
 * counted as open, or was not read at all. The businesses whose hours may hold shifts (a list, a time
 * after a separator, or Google's '5-9PM' that leaves the opening's meridiem off) are read again with
 * the parser of today, and those whose hours read differently get their hours and open week rewritten.
 *
 * It reads through the live parser rather than a frozen copy: a new database has no rows to redo, and
 * an old one runs this once. An undo of an import made before it puts back the hours as that import
 * read them.
 */
const MAY_HOLD_SHIFTS = String.raw`\[|[,;&+]\s*\d|\m(and|und|ve|et|y)\s+\d|\d\s*[-–—]\s*\d{1,2}([:.]\d\d){0,1}\s*[AaPp]`;

export async function up(knex: Knex): Promise<void> {
  const { rows } = await knex.raw<{ rows: { id: number; working_hours: string }[] }>(
    `SELECT id, working_hours FROM businesses WHERE working_hours ~ ? ORDER BY id`,
    [MAY_HOLD_SHIFTS],
  );
  for (let i = 0; i < rows.length; i += 5_000) {
    const batch = rows.slice(i, i + 5_000).map((r) => ({ id: r.id, hours: readWorkingHours(r.working_hours) }));
    // Only the rows whose hours read differently are written (jsonb compares values, not key order).
    await knex.raw(
      `UPDATE businesses b SET business_hours = v.hours::jsonb, open_week = nullif(v.week, '')::int4multirange
         FROM unnest(?::int[], ?::text[], ?::text[]) v(id, hours, week)
        WHERE b.id = v.id AND b.business_hours IS DISTINCT FROM v.hours::jsonb`,
      [batch.map((c) => c.id), batch.map((c) => JSON.stringify(c.hours)), batch.map((c) => openWeekText(c.hours) ?? '')],
    );
  }
}

/** Nothing to undo: the hours read before were the wrong ones. */
export async function down(): Promise<void> {}
