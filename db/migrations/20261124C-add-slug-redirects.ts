import type { Knex } from 'knex';

/** A business's former slugs, so links and search engines follow it when the admin renames its slug. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('slug_redirects', (t) => {
    t.text('slug').primary();
    t.bigInteger('business_id').notNullable().references('businesses.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX slug_redirects_business_idx ON slug_redirects (business_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('slug_redirects');
}
