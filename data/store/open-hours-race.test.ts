import type { Knex } from 'knex';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDb } from '../../scripts/test-hooks.fixtures.js';
import { importOpenNowRows } from '../../server/routes/open-now.fixtures.js';
import { openHoursText, zoneOffsets } from '../../domain/open-hours.js';
import { pidOf, waitsOnLock } from './lock-waits.fixtures.js';

/**
 * A business's open hours follow its week and its city's zone offsets (migration 20261212O), kept
 * by row triggers on both tables. Two transactions on two connections: one gives a city a new
 * zone, the other gives one of its businesses new hours, or moves a business into it. Whichever
 * writes first and whichever commits first, the business ends with hours from its week and the
 * zone committed last, never from the zone the other transaction replaced.
 */
describe("open hours written beside their city's zone change, in parallel", () => {
  const t = useTestDb();
  const rows = [
    ['Spätschicht', 'Kneipe', 'Torstr. 8, 10119 Berlin', 'Berlin', 'Germany', 'Sat 22:00-02:30'],
    ['Nachtkneipe', 'Kneipe', 'Torstr. 11, 10119 Berlin', 'Berlin', 'Germany', 'Mon-Sun 18:00-01:00'],
    ['Late Kneipe', 'Kneipe', '1 Broadway, New York, NY 10004', 'New York', 'United States', 'Sat 22:00-03:00'],
    ['Other Kneipe', 'Kneipe', '2 Broadway, New York, NY 10004', 'New York', 'United States', 'Sat 20:00-23:00'],
  ];
  beforeEach(async () => {
    await t.db.raw('TRUNCATE businesses CASCADE');
    await importOpenNowRows(t.db, rows);
  }, 30_000);

  const cityOf = async (name: string) => (await t.db('cities').where({ name }).first('id')).id as number;
  const stored = async (name: string) =>
    (
      await t.db.raw(`SELECT b.open_week::text AS week, b.open_hours::text AS hours, c.time_zone FROM businesses b JOIN cities c ON c.id = b.city_id WHERE b.name = ?`, [name])
    ).rows[0] as { week: string; hours: string; time_zone: string };
  const expectHoursOfItsZone = async (name: string, zone: string) => {
    const r = await stored(name);
    expect(r.time_zone).toBe(zone);
    expect(r.hours, name).toBe(openHoursText(r.week, zoneOffsets(zone)));
  };
  /** Whether the statement `p` of the transaction on backend `pid` waits on a lock (the other transaction's) before it ends. */
  const newWeek = `{[${5 * 1440 + 20 * 60},${5 * 1440 + 23 * 60})}`; // Saturday 20:00-23:00
  const moveZone = (trx: Knex.Transaction, city: number) => trx('cities').where({ id: city }).update({ time_zone: 'Asia/Tokyo' });

  type Write = (trx: Knex.Transaction) => PromiseLike<unknown>;
  /**
   * `first` and `second` in two transactions: the first writes, the second then waits on a lock
   * the first holds until the first commits, then writes and commits.
   */
  const inTurn = async (first: Write, second: Write) => {
    const [one, two] = [await t.db.transaction(), await t.db.transaction()];
    const twoPid = await pidOf(two);
    try {
      await first(one);
      const written = Promise.resolve(second(two));
      expect(await waitsOnLock(t.db, written, twoPid)).toBe(true);
      await one.commit();
      await written;
      await two.commit();
    } finally {
      if (!one.isCompleted()) await one.rollback();
      if (!two.isCompleted()) await two.rollback();
    }
  };

  it("gives a business whose hours change while its city's zone changes the hours of the new zone, whichever writes first", async () => {
    const berlin = await cityOf('Berlin');
    for (const hoursFirst of [true, false]) {
      await t.db('cities').where({ id: berlin }).update({ time_zone: 'Europe/Berlin' });
      const setHours = (trx: Knex.Transaction) => trx.raw(`UPDATE businesses SET open_week = ?::int4multirange WHERE name = 'Spätschicht'`, [newWeek]);
      const zoneMove = (trx: Knex.Transaction) => moveZone(trx, berlin);
      await (hoursFirst ? inTurn(setHours, zoneMove) : inTurn(zoneMove, setHours));
      expect((await stored('Spätschicht')).week).toBe(newWeek);
      await expectHoursOfItsZone('Spätschicht', 'Asia/Tokyo');
      await expectHoursOfItsZone('Nachtkneipe', 'Asia/Tokyo');
    }
  }, 30_000);

  it("gives a business moved into a city while the city's zone changes the hours of the new zone, whichever writes first", async () => {
    const berlin = await cityOf('Berlin');
    const newYork = await cityOf('New York');
    for (const moveFirst of [true, false]) {
      await t.db('cities').where({ id: berlin }).update({ time_zone: 'Europe/Berlin' });
      await t.db('businesses').where({ name: 'Late Kneipe' }).update({ city_id: newYork });
      const moveIn = (trx: Knex.Transaction) => trx('businesses').where({ name: 'Late Kneipe' }).update({ city_id: berlin });
      const zoneMove = (trx: Knex.Transaction) => moveZone(trx, berlin);
      // The second waits for the first to commit: it reads the zone the first leaves.
      await (moveFirst ? inTurn(moveIn, zoneMove) : inTurn(zoneMove, moveIn));
      await expectHoursOfItsZone('Late Kneipe', 'Asia/Tokyo');
      await expectHoursOfItsZone('Spätschicht', 'Asia/Tokyo');
    }
  }, 30_000);

  it('lets two writes that each move a business into one city, and its count as the write modules do, both commit', async () => {
    const berlin = await cityOf('Berlin');
    await t.db('cities').where({ id: berlin }).update({ time_zone: 'Europe/Berlin' });
    const first = await t.db.transaction();
    const second = await t.db.transaction();
    const secondPid = await pidOf(second);
    try {
      const moveIn = (trx: Knex.Transaction, name: string) => trx('businesses').where({ name }).update({ city_id: berlin });
      // The count moves after the row, in the same transaction (APPLY_DELTAS): a lock the row's
      // trigger shares would have to be raised here, by both, and one would be aborted as a deadlock.
      const count = (trx: Knex.Transaction) => trx.raw('UPDATE cities SET business_count = business_count + 1 WHERE id = ?', [berlin]);
      await moveIn(first, 'Late Kneipe');
      const moved = Promise.resolve(moveIn(second, 'Other Kneipe'));
      // The second's row is written, or waits for the first: either way before the first's count.
      await waitsOnLock(t.db, moved, secondPid);
      const later = moved.then(() => count(second));
      await count(first);
      await first.commit();
      await later;
      await second.commit();
    } finally {
      if (!first.isCompleted()) await first.rollback();
      if (!second.isCompleted()) await second.rollback();
    }
    await expectHoursOfItsZone('Late Kneipe', 'Europe/Berlin');
    await expectHoursOfItsZone('Other Kneipe', 'Europe/Berlin');
  }, 30_000);
});
