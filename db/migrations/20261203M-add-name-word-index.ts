import type { Knex } from 'knex';

/**
 * The words of active businesses' names, indexed apart: the lexemes of weight A of their search
 * documents (the name, folded as every document is). The suggestions match a word that starts
 * anywhere in a name here ('kahve' finds Doğan Kahvecisi); the documents' index keeps no weights,
 * so it would answer 'kahve':*A with every document holding such a word anywhere, each then read
 * and rechecked.
 *
 * rehber_name_word_matches reads at most `n` of them through that index alone: under its LIMIT the
 * planner expects a broad word's matches early in a walk of the table (or of any index of active
 * rows), and where they lie depends on the order rows were imported, so the same keystroke ran
 * fast or read most of the table. The settings of a function hold while it runs, so the
 * suggestions' one prepared statement keeps its plan and only this read is told how to go.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
  await knex.raw(`CREATE INDEX businesses_name_words_idx ON businesses USING gin (ts_filter(search_vector, '{a}')) WHERE is_active`);
  await knex.raw(`CREATE FUNCTION rehber_name_word_matches(tsquery, integer)
    RETURNS TABLE (name text, slug text, city_id integer, review_count integer)
    LANGUAGE sql STABLE STRICT
    SET enable_seqscan = off SET enable_indexscan = off
    AS $$ SELECT b.name, b.slug, b.city_id, b.review_count FROM businesses b
           WHERE b.is_active AND ts_filter(b.search_vector, '{a}') @@ $1 LIMIT $2 $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION rehber_name_word_matches(tsquery, integer)');
  await knex.raw('DROP INDEX businesses_name_words_idx');
}
