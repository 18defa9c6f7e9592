/**
 * The loader's fast lane for new rows: rows that can only be new businesses skip the merge and go
 * in by one plain INSERT ... SELECT from their own staging table, which also writes their search documents
 * and words set-wise. A row takes the lane only when nothing can make it anything but a plain
 * insert: its identity is not stored, its slug is free (load.ts asks PostgreSQL, two index probes
 * per batch), and neither appears twice in its batch. Every other row (a repeat the merge rule
 * must order, a slug clash to suffix, an update) goes the usual way, after the lane's rows, in
 * the same transaction. A clash with a row another session wrote meanwhile fails the INSERT,
 * which is rolled back to its savepoint; its rows then go the usual way.
 *
 * The search document is the row trigger's (rehber_business_search_document of the row with its
 * category's and city's names; db/schema.sql). The words (search_words) are
 * those of the documents, gathered once per statement; the cities' own words reach the
 * vocabulary from the cities.
 * The statement runs with `rehber.document_given` on, which skips the row trigger and the words
 * trigger (both in db/schema.sql) for it alone. Its rows' open hours are staged too (worked out
 * once per week and zone, from the cities' offsets: stagingBytes), and `rehber.open_hours_given`
 * skips their row trigger (rehber_business_open_hours), which costs a PL/pgSQL call a row.
 * Before the insert the lane's cities are locked in id order, as the row trigger locks a new row's
 * city (migration 20261213O; the batch has locked them already, with every other city it writes:
 * LOCK_BATCH_CITIES_SQL, load-sql.ts): a zone change waits for the lane's rows to commit and then rewrites
 * them too; one committed since their offsets were read (the loader keeps them for the import)
 * sends the rows the usual way, where the row trigger works their hours out.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { OPEN_HOURS_COLUMN, WRITTEN_COLUMNS } from '../../domain/business-columns.js';
import { STAGING_COLUMNS, stagingDdl } from './load-copy.js';
import { APPLY_DELTAS, insertValueList, refs } from './load-sql.js';

/** The lane's statement; $1 is the import's id (null outside one). */
export const INSERT_NEW_ROWS_SQL = `
  WITH v AS MATERIALIZED (
    SELECT st.ord, st.base_slug, st.identity_key, st.${OPEN_HOURS_COLUMN}, ${insertValueList('st').map((e, i) => `${e} AS ${WRITTEN_COLUMNS[i]}`).join(', ')}
      FROM import_new_rows st
  ),
  d AS MATERIALIZED (
    SELECT v.*, rehber_business_search_document(v.name, k.name, c.name, v.city_id, v.district, v.state, v.country, v.postal_code,
                                                v.services, v.about, v.description, v.address) AS doc
      FROM v LEFT JOIN categories k ON k.id = v.category_id LEFT JOIN cities c ON c.id = v.city_id
  ),
  ins AS (
    INSERT INTO businesses (${WRITTEN_COLUMNS.join(', ')}, slug, identity_key, created_import_id, search_vector, ${OPEN_HOURS_COLUMN})
    SELECT ${WRITTEN_COLUMNS.map((c) => `d.${c}`).join(', ')}, d.base_slug, d.identity_key, $1::int, d.doc, d.${OPEN_HOURS_COLUMN}
      FROM d ORDER BY d.ord
    RETURNING city_id, category_id, country, is_active
  ),
  words AS (
    INSERT INTO search_words (word)
    SELECT DISTINCT w FROM d, unnest(tsvector_to_array(d.doc)) w
     WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[0-9]'
     ORDER BY w
    ON CONFLICT DO NOTHING
  ),
  delta AS (${refs('ins', 1)}),
  ${APPLY_DELTAS}
  SELECT count(*)::int AS n FROM ins`;

/**
 * Inserts the rows (stagingBytes's text, each a new business with its final slug, its open hours
 * worked out from `offsets`, by city id) and moves the counts of their cities, categories and
 * countries. Returns false, having written nothing, when a row clashed with one written since the
 * lane chose it (another import's), or when a city's offsets are no longer those in `offsets`
 * (which then holds the new ones): the caller sends them the usual way.
 */
export async function insertNewRows(conn: pg.ClientBase, text: Buffer, importId: number | null, offsets: Map<number, number[] | null>): Promise<boolean> {
  await conn.query(stagingDdl('import_new_rows'));
  await pipeline(Readable.from([text]), conn.query(copyFrom(`COPY import_new_rows (${STAGING_COLUMNS.join(', ')}) FROM STDIN`)));
  const { rows: cities } = await conn.query<{ id: number; open_offsets: number[] | null }>(
    `SELECT c.id, c.open_offsets FROM cities c WHERE c.id IN (SELECT DISTINCT city_id FROM import_new_rows) ORDER BY c.id FOR NO KEY UPDATE`,
  );
  const moved = cities.filter((c) => String(c.open_offsets) !== String(offsets.get(c.id) ?? null));
  if (moved.length) {
    for (const c of moved) offsets.set(c.id, c.open_offsets);
    return false;
  }
  await conn.query(`SAVEPOINT new_rows; SET LOCAL rehber.document_given = 'on'; SET LOCAL rehber.open_hours_given = 'on'`);
  try {
    await conn.query(INSERT_NEW_ROWS_SQL, [importId]);
  } catch (err) {
    if ((err as { code?: string }).code !== '23505') throw err;
    await conn.query('ROLLBACK TO SAVEPOINT new_rows');
    return false;
  }
  await conn.query(`SET LOCAL rehber.document_given = 'off'; SET LOCAL rehber.open_hours_given = 'off'; RELEASE SAVEPOINT new_rows`);
  return true;
}
