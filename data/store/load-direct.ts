/**
 * The loader's fast lane: rows that can only be new businesses go by COPY straight into
 * businesses, which PostgreSQL writes many rows at a time, instead of through staging and the
 * merge's INSERT ... SELECT, which writes them one by one. A row takes the lane only when nothing
 * can make it anything but a plain insert: its identity is not stored, its slug is free, and
 * neither appears twice in its batch. In a bulk load (into an empty table) the first two are
 * known without asking: neither was met earlier in the import (a compact set of their 32-bit
 * hashes remembers those); otherwise load.ts asks PostgreSQL. Every other row (a repeat the merge
 * rule must order, a slug clash to suffix, an update) goes the usual way, after the lane's rows,
 * in the same transaction. A hash collision only sends a row the usual way; a clash with a row
 * another session wrote meanwhile fails the COPY, which is rolled back to its savepoint and whose
 * rows then go the usual way.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { VALUE_COLUMNS, VALUE_KEYS, WRITTEN_COLUMNS } from '../domain/business-columns.js';
import { copyValue, type EncodedRow } from './load-copy.js';
import { APPLY_DELTAS } from './load-sql.js';

/** Slots of the hash set (16 MB): half full at a million rows; past LANE_MAX_LOAD the lane closes. */
const SLOTS = 1 << 22;
const LANE_MAX_LOAD = 0.7;

/** A set of 32-bit string hashes, open addressing: `has` may say yes for a string never added (rarely), never no for one that was. */
export class SeenHashes {
  private readonly table = new Int32Array(SLOTS);
  private size = 0;

  get full(): boolean {
    return this.size > SLOTS * LANE_MAX_LOAD;
  }

  has(key: string): boolean {
    const h = hash(key);
    for (let i = h & (SLOTS - 1); ; i = (i + 1) & (SLOTS - 1)) {
      const v = this.table[i];
      if (v === 0) return false;
      if (v === h) return true;
    }
  }

  add(key: string): void {
    const h = hash(key);
    for (let i = h & (SLOTS - 1); ; i = (i + 1) & (SLOTS - 1)) {
      const v = this.table[i];
      if (v === h) return;
      if (v === 0) {
        this.table[i] = h;
        this.size++;
        return;
      }
    }
  }
}

/** FNV-1a over UTF-16 code units, never 0 (0 marks an empty slot). */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h === 0 ? 1 : h;
}

const identityOf = (key: string) => `i${key}`;
const slugOf = (slug: string) => `s${slug}`;

/**
 * Which of the batch's rows take the lane (their positions), remembering every row's identity and
 * slug for the batches after it.
 */
export function laneRows(seen: SeenHashes, keys: string[], slugs: string[]): number[] {
  if (seen.full) return [];
  const count = new Map<string, number>();
  for (let i = 0; i < keys.length; i++) {
    for (const k of [identityOf(keys[i]), slugOf(slugs[i])]) count.set(k, (count.get(k) ?? 0) + 1);
  }
  const lane: number[] = [];
  for (let i = 0; i < keys.length; i++) {
    const id = identityOf(keys[i]);
    const slug = slugOf(slugs[i]);
    if (count.get(id) === 1 && count.get(slug) === 1 && !seen.has(id) && !seen.has(slug)) lane.push(i);
  }
  for (let i = 0; i < keys.length; i++) {
    seen.add(identityOf(keys[i]));
    seen.add(slugOf(slugs[i]));
  }
  return lane;
}

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
