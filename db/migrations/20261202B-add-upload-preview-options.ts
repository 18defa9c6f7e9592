import type { Knex } from 'knex';

/**
 * The options an upload was previewed with (mode, clear-empty, encoding) and the data version it
 * was previewed against. An import of a previewed upload must run with exactly these options, on
 * the directory as the preview saw it, so it does what the admin saw; null for an upload never
 * previewed. Existing uploads keep their rows and stay importable as before.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('uploads', (t) => {
    t.jsonb('preview_options');
    t.bigInteger('preview_data_version');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('uploads', (t) => {
    t.dropColumn('preview_options');
    t.dropColumn('preview_data_version');
  });
}
