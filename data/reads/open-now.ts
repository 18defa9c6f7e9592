/**
 * The minute "open now" reads each city's hours at, worked out here once a minute and data version
 * (a new city brings its zone with a write) rather than by every statement: openingMinute of
 * domain/opening-status.ts, the badge's own rule, once per zone in use, then spread over the
 * cities of each zone (db/queries/open-now.ts OpenAt). With them the UTC hour of the week that
 * a search may require of its matches' open hours (domain/open-hours.ts), when every city's
 * stored offsets cover its minute at this hour; else none, and the week alone is tested.
 */
import type { Knex } from 'knex';
import type { Db } from '../../db/index.js';
import { openingMinute } from '../../domain/opening-status.js';
import { hourHolds, utcHourOfWeek } from '../../domain/open-hours.js';
import { cityZones } from '../../db/queries/open-now.js';
import { OpenAt } from '../../db/queries/open-at.js';
import { memoized, memoKey, small, type MemoScope } from './search-memo.js';

const MINUTE_MS = 60_000;

/**
 * Open now at `now`'s minute. To the minute, as hours are: every request of one minute asks the
 * same filter, so the memo keeps one entry a minute, not one a request (a stranger's open=1
 * requests cannot flush it).
 */
export function openAtOf(db: Db | Knex.Transaction, now: Date, scope?: MemoScope): Promise<OpenAt> {
  const at = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  return memoized(small(scope), memoKey('open-at', at.toISOString()), async () => {
    const cities = await cityZones(db);
    const minutes = new Int16Array(Math.max(0, ...cities.map((c) => c.id))).fill(-1);
    const byZone = new Map<string, number>();
    const hour = utcHourOfWeek(at);
    const checked = new Set<string>();
    let holds = true;
    for (const c of cities) {
      let minute = byZone.get(c.time_zone);
      if (minute === undefined) {
        minute = openingMinute(at, c.time_zone) ?? -1;
        byZone.set(c.time_zone, minute);
      }
      minutes[c.id - 1] = minute;
      const pair = `${minute}|${c.open_offsets?.join(',')}`;
      if (holds && !checked.has(pair)) {
        checked.add(pair);
        holds = hourHolds(minute, c.open_offsets, hour);
      }
    }
    return new OpenAt(at.toISOString(), minutes, holds ? hour : undefined);
  });
}
