import type { Knex } from 'knex';

/** What the last validation found in each served sitemap file (its status is then 'error'). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sitemap_files', (t) => {
    t.jsonb('errors');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sitemap_files', (t) => {
    t.dropColumn('errors');
  });
}
