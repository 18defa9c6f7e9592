import type { Knex } from 'knex';
import { OFFSET_YEARS, openHoursText, zoneOffsets } from '../../domain/open-hours.js';

/**
 * The UTC hours of the week a business is open at some minute (domain/open-hours.ts), as a third
 * key of the search documents' index: an open-now search's read of a narrow set then passes few
 * closed matches, where each was a row of the table read to test its week (docs/search.md, "Open
 * now in the search index").
 *
 * - `cities.open_offsets`: every offset its zone has (zoneOffsets), written with the city by the
 *   loader (data/store/load-dims.ts); a city written or whose zone changes in SQL alone gets
 *   PostgreSQL's reading of the zone (rehber_zone_offsets, the same years and samples). The read
 *   service checks each minute that these offsets cover the hour it reads at.
 * - `businesses.open_hours`: from the week and the city's offsets. The import's lane for new rows
 *   stages it (worked out in TypeScript once per week and zone); any other write of a row's week or
 *   city gets it from the row trigger (rehber_open_hours), and a city's new offsets rewrite its
 *   businesses'.
 */
const OFFSETS_SQL = `CREATE FUNCTION rehber_zone_offsets(tz text) RETURNS int2[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT array_agg(DISTINCT o ORDER BY o) FROM (
    SELECT (extract(epoch FROM (t AT TIME ZONE tz) - (t AT TIME ZONE 'UTC')) / 60)::int2 AS o
      FROM generate_series(date_trunc('year', now(), 'UTC') - interval '${OFFSET_YEARS.before} years',
                           date_trunc('year', now(), 'UTC') + interval '${OFFSET_YEARS.after} years', interval '7 days') t
     WHERE tz IS NOT NULL AND tz IN (SELECT name FROM pg_timezone_names)) x
$$`;

// The hours as openHours (domain/open-hours.ts) works them out: the TypeScript is the loader's, this
// the row trigger's; db/queries/open-hours.test.ts holds them to the same answers.
const HOURS_SQL = `CREATE FUNCTION rehber_open_hours(week int4multirange, offsets int2[]) RETURNS int2[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
  DECLARE
    open bool[] := array_fill(false, ARRAY[168]);
    r int4range; o int2; h int; out int2[] := '{}';
  BEGIN
    IF week IS NULL OR offsets IS NULL THEN RETURN NULL; END IF;
    FOREACH o IN ARRAY offsets LOOP
      FOR r IN SELECT unnest(week) LOOP
        FOR h IN div(lower(r) - o + 10080, 60) .. div(upper(r) - 1 - o + 10080, 60) LOOP
          open[h % 168 + 1] := true;
        END LOOP;
      END LOOP;
    END LOOP;
    FOR h IN 1 .. 168 LOOP
      IF open[h] THEN out := out || (h - 1)::int2; END IF;
    END LOOP;
    RETURN out;
  END $$`;

const TRIGGERS_SQL = `
  CREATE FUNCTION rehber_business_open_hours() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.open_hours := rehber_open_hours(NEW.open_week, (SELECT c.open_offsets FROM cities c WHERE c.id = NEW.city_id));
      RETURN NEW;
    END $$;
  CREATE TRIGGER businesses_open_hours_insert BEFORE INSERT ON businesses FOR EACH ROW
    WHEN (current_setting('rehber.open_hours_given', true) IS DISTINCT FROM 'on') EXECUTE FUNCTION rehber_business_open_hours();
  CREATE TRIGGER businesses_open_hours_update BEFORE UPDATE OF open_week, city_id, open_hours ON businesses FOR EACH ROW
    WHEN (current_setting('rehber.open_hours_given', true) IS DISTINCT FROM 'on'
          AND (OLD.open_week IS DISTINCT FROM NEW.open_week OR OLD.city_id IS DISTINCT FROM NEW.city_id OR OLD.open_hours IS DISTINCT FROM NEW.open_hours))
    EXECUTE FUNCTION rehber_business_open_hours();
  CREATE FUNCTION rehber_city_open_offsets() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' AND NEW.open_offsets IS NOT NULL THEN RETURN NEW; END IF;
      IF TG_OP = 'UPDATE' AND NEW.time_zone IS NOT DISTINCT FROM OLD.time_zone THEN RETURN NEW; END IF;
      NEW.open_offsets := (SELECT c.open_offsets FROM cities c WHERE c.time_zone = NEW.time_zone AND c.id <> NEW.id AND c.open_offsets IS NOT NULL LIMIT 1);
      IF NEW.open_offsets IS NULL THEN NEW.open_offsets := rehber_zone_offsets(NEW.time_zone); END IF;
      RETURN NEW;
    END $$;
  CREATE TRIGGER cities_open_offsets BEFORE INSERT OR UPDATE OF time_zone ON cities FOR EACH ROW EXECUTE FUNCTION rehber_city_open_offsets();
  CREATE FUNCTION rehber_city_open_hours() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE businesses b SET open_hours = rehber_open_hours(b.open_week, NEW.open_offsets) WHERE b.city_id = NEW.id;
      RETURN NULL;
    END $$;
  CREATE TRIGGER cities_open_hours AFTER UPDATE OF time_zone, open_offsets ON cities FOR EACH ROW
    WHEN (OLD.open_offsets IS DISTINCT FROM NEW.open_offsets) EXECUTE FUNCTION rehber_city_open_hours()`;

export async function up(knex: Knex): Promise<void> {
  // One transaction (a savepoint under the migrator's): the temporary table and function live in one session.
  await knex.transaction((trx) => fill(trx));
}

async function fill(knex: Knex.Transaction): Promise<void> {
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  await knex.raw(OFFSETS_SQL);
  await knex.raw(HOURS_SQL);
  await knex.raw('ALTER TABLE cities ADD COLUMN open_offsets int2[]');
  // The offsets as the loader writes them, once per zone.
  const { rows: zones } = await knex.raw(`SELECT DISTINCT time_zone FROM cities WHERE time_zone IS NOT NULL`);
  const known = (zones as { time_zone: string }[]).map((z) => ({ zone: z.time_zone, offsets: zoneOffsets(z.time_zone) }));
  await knex.raw(`UPDATE cities c SET open_offsets = z.offsets::int2[] FROM unnest(?::text[], ?::text[]) AS z(zone, offsets) WHERE c.time_zone = z.zone`, [
    known.map((z) => z.zone),
    known.map((z) => (z.offsets ? `{${z.offsets.join(',')}}` : null)),
  ] as Knex.RawBinding[]);

  // Each row's hours from the distinct weeks and offsets (a few thousand at the million), looked
  // up in the one rewrite of the table that adds the column; the search index is dropped first
  // and built once, with the hours, after it.
  const { rows: pairs } = await knex.raw(`SELECT DISTINCT b.open_week::text AS week, c.open_offsets::text AS offsets
                                            FROM businesses b JOIN cities c ON c.id = b.city_id WHERE b.open_week IS NOT NULL AND c.open_offsets IS NOT NULL`);
  await knex.raw('CREATE TEMP TABLE open_hours_fill (week int4multirange, offsets int2[], hours int2[], PRIMARY KEY (week, offsets)) ON COMMIT DROP');
  const typed = pairs as { week: string; offsets: string }[];
  const offsetsOf = (text: string) => text.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
  for (let i = 0; i < typed.length; i += 5_000) {
    const batch = typed.slice(i, i + 5_000);
    await knex.raw(`INSERT INTO open_hours_fill SELECT w::int4multirange, o::int2[], h::int2[] FROM unnest(?::text[], ?::text[], ?::text[]) AS p(w, o, h)`, [
      batch.map((p) => p.week),
      batch.map((p) => p.offsets),
      batch.map((p) => openHoursText(p.week, offsetsOf(p.offsets))),
    ] as Knex.RawBinding[]);
  }
  await knex.raw(`CREATE FUNCTION pg_temp.open_hours_of(week int4multirange, city int) RETURNS int2[] LANGUAGE sql STABLE AS $$
    SELECT CASE WHEN week IS NULL THEN NULL ELSE
      coalesce((SELECT f.hours FROM cities c JOIN open_hours_fill f ON f.offsets = c.open_offsets WHERE c.id = city AND f.week = open_hours_of.week),
               rehber_open_hours(week, (SELECT c.open_offsets FROM cities c WHERE c.id = city))) END $$`);
  await knex.raw('DROP INDEX businesses_search_idx');
  await knex.raw('ALTER TABLE businesses ADD COLUMN open_hours int2[]');
  await knex.raw('ALTER TABLE businesses ALTER COLUMN open_hours TYPE int2[] USING pg_temp.open_hours_of(open_week, city_id)');
  await knex.raw('DROP FUNCTION pg_temp.open_hours_of(int4multirange, int)');
  await knex.raw(`CREATE INDEX businesses_search_idx ON businesses USING gin (rehber_quality_band(quality), search_vector, open_hours)`);
  await knex.raw('ANALYZE businesses (open_hours)');
  await knex.raw(TRIGGERS_SQL);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  await knex.raw('DROP TRIGGER cities_open_hours ON cities');
  await knex.raw('DROP TRIGGER cities_open_offsets ON cities');
  await knex.raw('DROP TRIGGER businesses_open_hours_update ON businesses');
  await knex.raw('DROP TRIGGER businesses_open_hours_insert ON businesses');
  await knex.raw('DROP FUNCTION rehber_city_open_hours()');
  await knex.raw('DROP FUNCTION rehber_city_open_offsets()');
  await knex.raw('DROP FUNCTION rehber_business_open_hours()');
  await knex.raw('DROP INDEX businesses_search_idx');
  await knex.raw('ALTER TABLE businesses DROP COLUMN open_hours');
  await knex.raw('CREATE INDEX businesses_search_idx ON businesses USING gin (rehber_quality_band(quality), search_vector)');
  await knex.raw('ALTER TABLE cities DROP COLUMN open_offsets');
  await knex.raw('DROP FUNCTION rehber_open_hours(int4multirange, int2[])');
  await knex.raw('DROP FUNCTION rehber_zone_offsets(text)');
}
