import type { Knex } from 'knex';

/**
 * What undo and the activity log need: every write to a business leaves a version with
 * the values it changed (before and after), who made it and which import, if any; a business
 * remembers the import that created it; the admin can feature a business; an import can be undone.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('business_versions', (t) => {
    t.bigIncrements('id');
    // No foreign key: a deleted business keeps its history (its last version holds its values).
    t.bigInteger('business_id').notNullable();
    t.integer('import_id');
    // import | edit | hide | show | feature | unfeature | verify | unverify | delete | undo
    t.text('action').notNullable();
    t.jsonb('before');
    t.jsonb('after');
    t.text('username');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX business_versions_business_idx ON business_versions (business_id, id)');
  await knex.raw('CREATE INDEX business_versions_import_idx ON business_versions (import_id) WHERE import_id IS NOT NULL');
  await knex.raw('CREATE INDEX business_versions_created_idx ON business_versions (created_at DESC, id DESC)');
  await knex.schema.alterTable('businesses', (t) => {
    t.integer('created_import_id');
    t.boolean('is_featured').notNullable().defaultTo(false);
  });
  await knex.raw('CREATE INDEX businesses_featured_pick_idx ON businesses (rating DESC, id) WHERE is_featured AND is_active');
  await knex.schema.alterTable('imports', (t) => {
    t.timestamp('undone_at', { useTz: true });
    t.text('undone_by');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('imports', (t) => {
    t.dropColumn('undone_at');
    t.dropColumn('undone_by');
  });
  await knex.raw('DROP INDEX businesses_featured_pick_idx');
  await knex.schema.alterTable('businesses', (t) => {
    t.dropColumn('created_import_id');
    t.dropColumn('is_featured');
  });
  await knex.schema.dropTable('business_versions');
}
