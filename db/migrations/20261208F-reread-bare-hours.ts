import type { Knex } from 'knex';
import { readWorkingHours } from '../../domain/hours-text.js';
import { openWeekText } from '../../domain/opening-status.js';

/**
 * Hours by day in JSON whose range is two bare hours ending before they start ('{"Monday":"9-5"}')
 * were read as a night, open from 9 in the morning to 5 the next; like the same range in text
 * ('Mon 9-5'), they now say nothing for certain and are never open. The businesses whose JSON hours
 * hold a range of two bare hours are read again with the parser of today, and those whose week
 * reads differently get it rewritten. A new database has no rows to redo; an old one runs this once.
 */
const MAY_HOLD_BARE_RANGE = String.raw`^\s*\{.*(^|[^0-9:.])[0-9]{1,2}\s*([-–—]|to)\s*[0-9]{1,2}\s*($|[^0-9:.\sAaPp])`;

export async function up(knex: Knex): Promise<void> {
  const { rows } = await knex.raw<{ rows: { id: number; working_hours: string }[] }>(
    `SELECT id, working_hours FROM businesses WHERE working_hours ~ ? ORDER BY id`,
    [MAY_HOLD_BARE_RANGE],
  );
  for (let i = 0; i < rows.length; i += 5_000) {
    const batch = rows.slice(i, i + 5_000).map((r) => ({ id: r.id, week: openWeekText(readWorkingHours(r.working_hours)) ?? '' }));
    await knex.raw(
      `UPDATE businesses b SET open_week = nullif(v.week, '')::int4multirange
         FROM unnest(?::int[], ?::text[]) v(id, week)
        WHERE b.id = v.id AND b.open_week IS DISTINCT FROM nullif(v.week, '')::int4multirange`,
      [batch.map((c) => c.id), batch.map((c) => c.week)],
    );
  }
}

/** Nothing to undo: the weeks read before were guesses. */
export async function down(): Promise<void> {}
