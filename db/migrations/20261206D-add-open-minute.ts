import type { Knex } from 'knex';

/**
 * The minute of the week the "open now" filter reads hours at: openingMinute of
 * domain/opening-status.ts in SQL (server/routes/open-now.test.ts checks that they agree minute by
 * minute across the changes). It is the local minute of the week, but while a wall time comes round a
 * second time after the clocks went back, the last minute before the change: a business that
 * closed at the first 02:30 is not open again for the second.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE FUNCTION rehber_utc_offset(at timestamptz, tz text) RETURNS interval LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT (at AT TIME ZONE tz) - (at AT TIME ZONE 'UTC') $$`);
  await knex.raw(`CREATE FUNCTION rehber_open_minute(at timestamptz, tz text) RETURNS integer LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
    DECLARE
      off interval := rehber_utc_offset(at, tz);
      -- The clocks go back by at most an hour: by how much they went back within the hour before.
      back interval := rehber_utc_offset(at - interval '1 hour', tz) - off;
      change timestamptz;
    BEGIN
      IF back <= interval '0' OR rehber_utc_offset(at - back, tz) <= off THEN
        RETURN rehber_minute_of_week(at, tz);
      END IF;
      -- The second pass: find the change, the first minute at today's offset.
      change := date_trunc('minute', at);
      WHILE rehber_utc_offset(change - interval '1 minute', tz) = off LOOP
        change := change - interval '1 minute';
      END LOOP;
      RETURN rehber_minute_of_week(change - interval '1 minute', tz);
    END $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION rehber_open_minute(timestamptz, text)');
  await knex.raw('DROP FUNCTION rehber_utc_offset(timestamptz, text)');
}
