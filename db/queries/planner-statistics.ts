/**
 * What the planner knows of the search documents, read in one statement: the most common lexemes
 * of the documents and of the names (pg_stats, the elements' shares) and the businesses table's
 * rows and pages (pg_class). The read service keeps them per data version (data/reads/tsqueries.ts)
 * and hands them to the statements that weigh a search's words (db/queries/search.ts): the
 * pg_stats view is costly to plan, and read inside every search statement it was planned at each call.
 */
import type { Knex } from 'knex';
import type { Db } from '../index.js';

/** Each most common lexeme with its share of the documents (or names) that hold it. */
export type LexemeShares = Readonly<Record<string, number>>;

export interface PlannerStatistics {
  /** The documents' most common lexemes (the search_vector column's statistics). */
  documents: LexemeShares;
  /** The names' most common lexemes (the expression of businesses_name_words_idx). */
  names: LexemeShares;
  /** The businesses table's rows and pages as the planner takes them (pg_class). */
  rows: number;
  pages: number;
}

/** The statistics of the documents' words and of the names' words (their index's expression), as pg_stats names them. */
const DOCUMENTS = { table: 'businesses', column: 'search_vector' };
const NAMES = { table: 'businesses_name_words_idx', column: 'ts_filter' };

/** The planner's statistics of the search documents, as it holds them now. */
export async function readPlannerStatistics(db: Db | Knex.Transaction): Promise<PlannerStatistics> {
  const stats = (of: { table: string; column: string }, column: string) =>
    `(SELECT ${column} FROM pg_stats WHERE schemaname = current_schema() AND tablename = '${of.table}' AND attname = '${of.column}')`;
  const { rows } = await db.raw(
    `SELECT ${stats(DOCUMENTS, 'most_common_elems::text::text[]')} AS document_elems, ${stats(DOCUMENTS, 'most_common_elem_freqs')} AS document_freqs,
            ${stats(NAMES, 'most_common_elems::text::text[]')} AS name_elems, ${stats(NAMES, 'most_common_elem_freqs')} AS name_freqs,
            c.reltuples::float8 AS rows, c.relpages::float8 AS pages
       FROM pg_class c WHERE c.oid = 'businesses'::regclass`,
  );
  const row = rows[0] as { document_elems: string[] | null; document_freqs: number[] | null; name_elems: string[] | null; name_freqs: number[] | null; rows: number; pages: number };
  const shares = (elems: string[] | null, freqs: number[] | null): LexemeShares => Object.fromEntries((elems ?? []).map((e, i) => [e, freqs![i]]));
  return { documents: shares(row.document_elems, row.document_freqs), names: shares(row.name_elems, row.name_freqs), rows: row.rows, pages: row.pages };
}

/**
 * Whether the table has statistics at all (ANALYZE or VACUUM has run since it was made): a
 * table never analyzed counts -1 rows (0 before PostgreSQL 14), and its shares say nothing.
 */
export const analyzed = (s: PlannerStatistics): boolean => s.rows > 0;

/**
 * The share of the documents (or names) holding every lexeme, as the planner takes it: the
 * product of each lexeme's share among the most common elements; 0 when one is not among them
 * (a rarer word).
 */
export function shareOf(shares: LexemeShares, lexemes: string[]): number {
  let share = 1;
  for (const l of lexemes) {
    const s = Object.hasOwn(shares, l) ? shares[l] : undefined;
    if (s === undefined) return 0;
    share *= s;
  }
  return share;
}
