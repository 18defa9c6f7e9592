import type { Knex } from 'knex';

/**
 * Which category or city each merged-away one went into. page_redirects keeps only slugs, and the
 * merged-away row is deleted, so an id still held in a business's history (an import's `before`
 * values) could not be followed: undoing that import hit a foreign key. Merges made before this
 * table existed are not known; undo reports the businesses it cannot place back.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('group_merges', (t) => {
    t.text('kind').notNullable(); // category | city
    t.integer('from_id').notNullable();
    t.integer('into_id').notNullable();
    t.timestamp('merged_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['kind', 'from_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('group_merges');
}
