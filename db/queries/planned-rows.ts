import type { Knex } from 'knex';
import type { Db } from '../index.js';

/**
 * The rows the planner expects `sql` to give, from its statistics: what an honest "about N" total
 * costs without reading the matches (counting a broad word's matches reads every one of them).
 */
export async function plannedRows(db: Db | Knex.Transaction, sql: string, bindings: readonly Knex.RawBinding[]): Promise<number> {
  const { rows } = await db.raw(`EXPLAIN (FORMAT JSON) ${sql}`, bindings as Knex.RawBinding[]);
  return planRows(rows);
}

/** The rows the plan of an `EXPLAIN (FORMAT JSON)`'s result expects. */
export function planRows(rows: Record<string, unknown>[]): number {
  const plan = rows[0]['QUERY PLAN'];
  return Number((typeof plan === 'string' ? JSON.parse(plan) : (plan as { Plan: Record<string, unknown> }[]))[0].Plan['Plan Rows']);
}
