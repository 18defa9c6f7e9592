import type { Knex } from 'knex';

/**
 * Upload tokens: the admin gets an opaque token for an uploaded file, bound to the
 * session that uploaded it. In PostgreSQL so any server process behind a load balancer resolves it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('uploads', (t) => {
    t.text('token').primary();
    t.text('owner').notNullable(); // a random key kept in the uploader's session
    t.text('path').notNullable();
    t.text('file_name').notNullable();
    t.bigInteger('bytes').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX uploads_created_idx ON uploads (created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('uploads');
}
