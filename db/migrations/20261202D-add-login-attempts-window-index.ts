import type { Knex } from 'knex';

/**
 * Every sign-in attempt sweeps the throttling rows whose window is over
 * (db/queries/login-attempts.ts); this index makes that sweep a short range read however many
 * addresses tried at once. No row changes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS login_attempts_window_idx ON login_attempts (window_start)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS login_attempts_window_idx');
}
