import type { Knex } from 'knex';

/**
 * One number that every committed write to the directory's data moves: a statement
 * trigger on each table a public answer reads bumps it and notifies `rehber_data`, so every server
 * process knows at once that its cached answers are stale, whoever wrote (an import, an edit, an
 * undo, a re-resolution, psql).
 */
const TABLES = ['businesses', 'cities', 'categories', 'countries', 'slug_redirects', 'page_redirects'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE data_version (
    id int PRIMARY KEY CHECK (id = 1),
    version bigint NOT NULL,
    changed_at timestamptz NOT NULL
  )`);
  await knex.raw('INSERT INTO data_version VALUES (1, 1, now())');
  await knex.raw(`CREATE FUNCTION rehber_bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE v bigint;
    BEGIN
      UPDATE data_version SET version = version + 1, changed_at = now() WHERE id = 1 RETURNING version INTO v;
      PERFORM pg_notify('rehber_data', v::text);
      RETURN NULL;
    END $$`);
  for (const table of TABLES) {
    await knex.raw(`CREATE TRIGGER ${table}_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION rehber_bump_data_version()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) await knex.raw(`DROP TRIGGER ${table}_data_version ON ${table}`);
  await knex.raw('DROP FUNCTION rehber_bump_data_version()');
  await knex.raw('DROP TABLE data_version');
}
