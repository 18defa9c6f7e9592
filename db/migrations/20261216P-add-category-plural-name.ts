import type { Knex } from 'knex';

/**
 * A category's plural as the admin writes it ("Kuaförler" for "Kuaför"), for the headings that
 * name it as a group of businesses ("Plumbers in Austin"). Null: the English rule of
 * domain/category-plural.ts makes it from the name (docs/public-site.md).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE categories ADD COLUMN plural_name text');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE categories DROP COLUMN plural_name');
}
