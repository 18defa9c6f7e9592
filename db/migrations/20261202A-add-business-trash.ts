import type { Knex } from 'knex';

/**
 * The admin's trash: a deleted business leaves the businesses table through the store's usual
 * delete (counts, facets, search words and public caches follow as for any delete) and its row
 * waits here, with its former slugs, until it is restored or purged (docs/trash.md). Public reads
 * never look at this table, so none of them changes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('trashed_businesses', (t) => {
    // The business's own id: a restore brings it back under it.
    t.bigInteger('business_id').primary();
    t.text('name').notNullable();
    // The city and category rows as they were: the list shows the city's name, and a restore
    // follows one merged away or makes it again if it was removed while the business waited.
    t.jsonb('city');
    t.jsonb('category');
    // The businesses row as it was (without its search document, which is derived) and its slug_redirects rows.
    t.jsonb('row').notNullable();
    t.jsonb('redirects').notNullable().defaultTo('[]');
    t.text('deleted_by');
    t.timestamp('deleted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX trashed_businesses_deleted_idx ON trashed_businesses (deleted_at DESC, business_id DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('trashed_businesses');
}
