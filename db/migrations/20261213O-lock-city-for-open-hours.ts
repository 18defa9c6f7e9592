import type { Knex } from 'knex';

/**
 * A business's open hours read its city's zone offsets; a city's new offsets rewrite its
 * businesses' hours (migration 20261212O). A business inserted into a city, or moved into it,
 * while another transaction gives the city a new zone was given the offsets that transaction
 * replaced: its row trigger read the city as last committed, and the city's rewrite, in the other
 * transaction, did not see the row. The row trigger now locks the city (FOR NO KEY UPDATE) when the
 * row is new to the city, so the two wait for each other: a zone change waits for the business to commit
 * (its rewrite then sees the row), and the business waits for a zone change to commit (it then
 * reads the new offsets). A change of a business's week in its own city needs no lock: the city's
 * rewrite and the business's write update the same row, and the second to lock it works its hours
 * out again from the first's committed row. Not FOR SHARE: the same transaction then moves the
 * city's count (APPLY_DELTAS), and two writers sharing the lock would each wait to raise it for the
 * other, a deadlock; FOR NO KEY UPDATE is the count's own lock, taken first, so the second waits.
 */
const LOCKING = `CREATE OR REPLACE FUNCTION rehber_business_open_hours() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE offsets int2[];
    BEGIN
      IF TG_OP = 'INSERT' OR OLD.city_id IS DISTINCT FROM NEW.city_id THEN
        SELECT c.open_offsets INTO offsets FROM cities c WHERE c.id = NEW.city_id FOR NO KEY UPDATE;
      ELSE
        SELECT c.open_offsets INTO offsets FROM cities c WHERE c.id = NEW.city_id;
      END IF;
      NEW.open_hours := rehber_open_hours(NEW.open_week, offsets);
      RETURN NEW;
    END $$`;

const BEFORE = `CREATE OR REPLACE FUNCTION rehber_business_open_hours() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.open_hours := rehber_open_hours(NEW.open_week, (SELECT c.open_offsets FROM cities c WHERE c.id = NEW.city_id));
      RETURN NEW;
    END $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(LOCKING);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(BEFORE);
}
