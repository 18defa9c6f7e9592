import type { Knex } from 'knex';

/** When a running import last committed a batch: an import whose process was killed stops beating. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('imports', (t) => {
    t.timestamp('heartbeat_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('imports', (t) => {
    t.dropColumn('heartbeat_at');
  });
}
