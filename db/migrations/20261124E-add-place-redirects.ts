import type { Knex } from 'knex';

/** Former slugs of categories and cities renamed or merged by the admin, so their pages redirect. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('page_redirects', (t) => {
    t.text('kind').notNullable(); // category | city
    t.text('slug').notNullable();
    t.integer('target_id').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['kind', 'slug']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('page_redirects');
}
