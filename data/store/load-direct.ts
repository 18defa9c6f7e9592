/**
 * The loader's fast lane: rows that can only be new businesses skip the merge and go in by one
 * plain INSERT ... SELECT from their own staging table, which also writes their search documents
 * and words set-wise. A row takes the lane only when nothing can make it anything but a plain
 * insert: its identity is not stored, its slug is free (load.ts asks PostgreSQL, two index probes
 * per batch), and neither appears twice in its batch. Every other row (a repeat the merge rule
 * must order, a slug clash to suffix, an update) goes the usual way, after the lane's rows, in
 * the same transaction. A clash with a row another session wrote meanwhile fails the INSERT,
 * which is rolled back to its savepoint; its rows then go the usual way.
 *
 * The search document is rehber_search_document's, as the row trigger computes it, but the
 * city's part (its name and every alternate name, often hundreds of characters, the same for
 * every business of the city) is worked out once per city instead of once per business:
 * to_tsvector of 'a b' is to_tsvector('a') || to_tsvector('b') (the || shifts the right side's
 * positions past the left's), so the document is
 *   document(name, category, -, -) || document(-, -, city, -) || document(-, -, rest of place, rest)
 * A city whose names hold a '<' (the parser's tags may span a space) gets the whole call per row.
 * The words (search_words) are those of the three parts, told apart before they are filtered.
 * The statement runs with `rehber.document_given` on, which skips the row trigger and the words
 * trigger (migration 20261126I) for it alone.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { WRITTEN_COLUMNS } from '../domain/business-columns.js';
import { STAGING_COLUMNS, stagingDdl } from './load-copy.js';
import { APPLY_DELTAS, BATCH_SETTINGS, insertValueList, refs } from './load-sql.js';

/** The parts of rehber_search_document's arguments that the row trigger builds, from the row's values (alias v) but the city. */
const PLACE_PARTS = 'v.district, v.state, v.country, v.postal_code';
const REST = `concat_ws(' ', array_to_string(v.services, ' '), v.about, v.description, v.address)`;
/** What the trigger reads of a city for its place: null without alternate names. */
const CITY_TEXT = `c.name || ' ' || replace(c.alt_names, '|', ' ')`;

/** The lane's statement; $1 is the import's id (null outside one). */
export const LANE_SQL = `
  WITH v AS MATERIALIZED (
    SELECT st.ord, st.base_slug, st.identity_key, ${insertValueList('st').map((e, i) => `${e} AS ${WRITTEN_COLUMNS[i]}`).join(', ')}
      FROM import_lane st
  ),
  city AS MATERIALIZED (
    SELECT c.id, ${CITY_TEXT} AS text,
           CASE WHEN strpos(${CITY_TEXT}, '<') = 0 THEN rehber_search_document(NULL, NULL, ${CITY_TEXT}, NULL) END AS doc
      FROM cities c WHERE c.id IN (SELECT city_id FROM v)
  ),
  d AS MATERIALIZED (
    SELECT v.*, city.doc AS city_doc,
           CASE WHEN city.text IS NOT NULL AND city.doc IS NULL
                THEN rehber_search_document(v.name, k.name, concat_ws(' ', city.text, ${PLACE_PARTS}), ${REST})
                ELSE rehber_search_document(v.name, k.name, NULL, NULL) END AS head,
           CASE WHEN city.text IS NOT NULL AND city.doc IS NULL THEN NULL
                ELSE rehber_search_document(NULL, NULL, concat_ws(' ', ${PLACE_PARTS}), ${REST}) END AS tail
      FROM v LEFT JOIN categories k ON k.id = v.category_id LEFT JOIN city ON city.id = v.city_id
  ),
  ins AS (
    INSERT INTO businesses (${WRITTEN_COLUMNS.join(', ')}, slug, identity_key, created_import_id, search_vector)
    SELECT ${WRITTEN_COLUMNS.map((c) => `d.${c}`).join(', ')}, d.base_slug, d.identity_key, $1::int,
           CASE WHEN d.tail IS NULL THEN d.head ELSE d.head || coalesce(d.city_doc, ''::tsvector) || d.tail END
      FROM d ORDER BY d.ord
    RETURNING city_id, category_id, country, is_active
  ),
  words AS (
    INSERT INTO search_words (word)
    SELECT w FROM (
      SELECT unnest(tsvector_to_array(head)) FROM d
      UNION SELECT unnest(tsvector_to_array(tail)) FROM d WHERE tail IS NOT NULL
      UNION SELECT unnest(tsvector_to_array(doc)) FROM city WHERE doc IS NOT NULL
    ) x(w)
     WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[0-9]'
     ORDER BY w
    ON CONFLICT DO NOTHING
  ),
  delta AS (${refs('ins', 1)}),
  ${APPLY_DELTAS}
  SELECT count(*)::int AS n FROM ins`;

/**
 * Inserts the rows (stagingBytes's text, each a new business with its final slug) and moves the
 * counts of their cities, categories and countries. Returns false, having written nothing, when
 * a row clashed with one written since the lane chose it (another import's): the caller sends
 * them the usual way.
 */
export async function copyLane(conn: pg.ClientBase, text: Buffer, importId: number | null): Promise<boolean> {
  await conn.query(stagingDdl('import_lane'));
  await pipeline(Readable.from([text]), conn.query(copyFrom(`COPY import_lane (${STAGING_COLUMNS.join(', ')}) FROM STDIN`)));
  // Hash joins for this statement: a batch's thousands of cities joined by nested loops over a
  // CTE would cost rows × cities (the batch settings turn them off for the merge's probes).
  await conn.query(`SAVEPOINT lane; SET LOCAL rehber.document_given = 'on'; SET LOCAL enable_hashjoin = on`);
  try {
    await conn.query(LANE_SQL, [importId]);
  } catch (err) {
    if ((err as { code?: string }).code !== '23505') throw err;
    await conn.query('ROLLBACK TO SAVEPOINT lane');
    return false;
  }
  await conn.query(`SET LOCAL rehber.document_given = 'off'; SET LOCAL enable_hashjoin = ${BATCH_SETTINGS.enable_hashjoin}; RELEASE SAVEPOINT lane`);
  return true;
}
