import type { Knex } from 'knex';

/**
 * The admin's re-resolution of places, as every server process sees it: one row, written by the
 * process that runs it (its progress after each batch, its result at the end). It was kept in the
 * memory of that process, so with several processes a poll landing on another read "not running",
 * and a click there started a second run. Whether a run is alive is the advisory lock its process
 * holds (db/queries/reresolve-runs.ts), so a run whose process died does not stay "running".
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE reresolve_runs (
    id integer PRIMARY KEY CHECK (id = 1),
    running boolean NOT NULL DEFAULT false,
    checked integer NOT NULL DEFAULT 0,
    changed integer NOT NULL DEFAULT 0,
    cities_removed integer NOT NULL DEFAULT 0,
    countries_removed integer NOT NULL DEFAULT 0,
    finished_at timestamptz,
    error text
  )`);
  await knex.raw('INSERT INTO reresolve_runs (id) VALUES (1)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE reresolve_runs');
}
