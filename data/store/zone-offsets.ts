/**
 * Cities' zone offsets (`cities.open_offsets`, migration 20261212O) kept to this runtime's zone
 * data. The loader writes a new city's offsets from the zone data of the Node that imports it, and
 * an open-now search requires a business's open hours (worked out from them) only while every
 * city's offsets cover its minute now (data/reads/open-now.ts); otherwise every search falls back
 * to testing the week alone, right but slower, and says so nowhere. A Node upgrade that brings a
 * zone's new rules (a country dropping daylight saving), or a year that moves the window the
 * offsets are sampled over, would leave it there. So a server, once it serves, brings the stored offsets
 * to its own zone data: the cities whose offsets differ are written, and the cities' trigger
 * rewrites their businesses' open hours. Several servers starting at once write the same values;
 * the second finds nothing to change.
 */
import type { Knex } from 'knex';
import type { Db } from '../../db/index.js';
import { zoneOffsets } from '../../domain/open-hours.js';

/** Brings every city's stored offsets to zoneOffsets of its zone; the number of cities written. */
export async function refreshZoneOffsets(db: Db, at: Date = new Date()): Promise<number> {
  const { rows } = (await db.raw(`SELECT DISTINCT time_zone, open_offsets FROM cities WHERE time_zone IS NOT NULL`)) as {
    rows: { time_zone: string; open_offsets: number[] | null }[];
  };
  const stale = new Map<string, string | null>();
  for (const { time_zone: zone, open_offsets: stored } of rows) {
    const offsets = zoneOffsets(zone, at);
    if (offsets?.join(',') !== stored?.join(',')) stale.set(zone, offsets ? `{${offsets.join(',')}}` : null);
  }
  if (!stale.size) return 0;
  // Cities locked in id order, as the import's lane takes them (data/store/load-new-rows.ts): a
  // refresh and an import of those cities then wait for each other instead of deadlocking.
  const written = await db.raw(
    `WITH z AS (SELECT * FROM unnest(?::text[], ?::text[]) AS z(zone, offsets)),
          locked AS (SELECT c.id, z.offsets FROM cities c JOIN z ON z.zone = c.time_zone
                      WHERE c.open_offsets IS DISTINCT FROM z.offsets::int2[] ORDER BY c.id FOR NO KEY UPDATE OF c)
     UPDATE cities c SET open_offsets = locked.offsets::int2[] FROM locked WHERE c.id = locked.id`,
    [[...stale.keys()], [...stale.values()]] as Knex.RawBinding[],
  );
  return written.rowCount ?? 0;
}
