import type { Knex } from 'knex';

/**
 * The admin's renames and merges of categories and cities, for the activity log and for undoing
 * the last merge. A merge deletes its group, so the event keeps what undo must put back: the
 * group's row, the businesses it moved, the redirects and recorded merges it repointed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('group_events', (t) => {
    t.bigIncrements('id');
    t.text('kind').notNullable(); // category | city
    t.text('action').notNullable(); // rename | merge | unmerge
    t.integer('group_id').notNullable();
    t.integer('into_id');
    // rename: {name, slug} before and after; merge: the group's whole row, and {name, slug, moved} of the target.
    t.jsonb('before').notNullable();
    t.jsonb('after').notNullable();
    t.specificType('moved_ids', 'bigint[]');
    t.specificType('redirect_slugs', 'text[]');
    t.specificType('merged_ids', 'int[]');
    t.text('username');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('undone_at', { useTz: true });
    t.text('undone_by');
  });
  await knex.raw('CREATE INDEX group_events_created_idx ON group_events (created_at DESC, id DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('group_events');
}
