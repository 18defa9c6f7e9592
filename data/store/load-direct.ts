/**
 * The loader's fast lane: rows that can only be new businesses go by COPY straight into
 * businesses, which PostgreSQL writes many rows at a time, instead of through staging and the
 * merge's INSERT ... SELECT, which writes them one by one. A row takes the lane only when nothing
 * can make it anything but a plain insert: its identity is not stored, its slug is free (load.ts
 * asks PostgreSQL, two index probes per batch), and neither appears twice in its batch. Every
 * other row (a repeat the merge rule must order, a slug clash to suffix, an update) goes the usual
 * way, after the lane's rows, in the same transaction. A clash with a row another session wrote
 * meanwhile fails the COPY, which is rolled back to its savepoint; its rows then go the usual way.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { VALUE_COLUMNS, VALUE_KEYS, WRITTEN_COLUMNS } from '../domain/business-columns.js';
import { copyValue, type EncodedRow } from './load-copy.js';
import { APPLY_DELTAS } from './load-sql.js';

/** A NOT NULL column's default as COPY text ('{}'::jsonb → {}), for an empty cell of a new business. */
const COPY_DEFAULTS: Array<string | null> = VALUE_KEYS.map((k) => {
  const d: string | undefined = (VALUE_COLUMNS[k] as { default?: string }).default;
  return d === undefined ? null : d.replace(/^'(.*)'::[a-z[\]]+$/, '$1');
});
const CITY = VALUE_KEYS.indexOf('city');
const CATEGORY = VALUE_KEYS.indexOf('category');
const COUNTRY = VALUE_KEYS.indexOf('country');

export const LANE_COLUMNS = [...WRITTEN_COLUMNS, 'slug', 'identity_key', 'created_import_id'];

export interface LaneRow {
  encoded: EncodedRow;
  identityKey: string;
  slug: string;
  cityId: number | null;
  categoryId: number | null;
}

/**
 * COPYs the rows into businesses and moves the counts of their cities, categories and countries
 * (every new business is active). Returns false, having written nothing, when a row clashed with
 * one written since the lane chose it (another import's): the caller sends them the usual way.
 */
export async function copyLane(conn: pg.ClientBase, rows: LaneRow[], importId: number | null): Promise<boolean> {
  const delta = new Map<string, number>();
  const bump = (kind: string, ref: string | number | null) => {
    if (ref === null || ref === '') return;
    const k = `${kind}\u0001${ref}`;
    delta.set(k, (delta.get(k) ?? 0) + 1);
  };
  const text = rows
    .map((r) => {
      const values = r.encoded.body.split('\t');
      for (let i = 0; i < values.length; i++) if (values[i] === '\\N' && COPY_DEFAULTS[i] !== null) values[i] = COPY_DEFAULTS[i]!;
      values[CITY] = r.cityId === null ? '\\N' : String(r.cityId);
      values[CATEGORY] = r.categoryId === null ? '\\N' : String(r.categoryId);
      bump('city', r.cityId);
      bump('category', r.categoryId);
      if (values[COUNTRY] !== '\\N') bump('country', unescapeCopy(values[COUNTRY]));
      return `${values.join('\t')}\t${r.encoded.hash}\t${copyValue(r.slug)}\t${copyValue(r.identityKey)}\t${importId ?? '\\N'}\n`;
    })
    .join('');
  await conn.query('SAVEPOINT lane');
  try {
    await pipeline(Readable.from([text]), conn.query(copyFrom(`COPY businesses (${LANE_COLUMNS.join(', ')}) FROM STDIN`)));
  } catch (err) {
    if ((err as { code?: string }).code !== '23505') throw err;
    await conn.query('ROLLBACK TO SAVEPOINT lane');
    return false;
  }
  await conn.query('RELEASE SAVEPOINT lane');
  const entries = [...delta].map(([k, n]) => [...k.split('\u0001'), n] as [string, string, number]);
  await conn.query(`WITH delta AS (SELECT * FROM unnest($1::text[], $2::text[], $3::int[]) AS d(kind, ref, n)), ${APPLY_DELTAS} SELECT 1`, [
    entries.map((e) => e[0]),
    entries.map((e) => e[1]),
    entries.map((e) => e[2]),
  ]);
  return true;
}

const UNESCAPES: Record<string, string> = { '\\\\': '\\', '\\t': '\t', '\\n': '\n', '\\r': '\r' };
const unescapeCopy = (s: string) => s.replace(/\\[\\tnr]/g, (c) => UNESCAPES[c]);
