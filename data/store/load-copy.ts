/**
 * Turning BusinessInputs into PostgreSQL COPY text-format lines, and the content hash that lets a
 * re-import tell unchanged rows apart without rewriting them.
 */
import { hash as digest } from 'node:crypto';
import { businessSlug, MAX_SLUG_LENGTH, PLACE_ID_PREFIX_LENGTH, slugifyText } from '../../domain/slug.js';
import type { BusinessInput } from '../../domain/business-columns.js';
import { OPEN_HOURS_COLUMN, OPEN_WEEK_COLUMN, STAGED_VALUE_COLUMNS, VALUE_COLUMNS, VALUE_KEYS, type ValueColumnKey } from '../../domain/business-columns.js';
import { openWeekText } from '../../domain/opening-status.js';
import { openHoursText } from '../../domain/open-hours.js';

export { MAX_SLUG_LENGTH };

/**
 * The slug a new business asks for before clashes are resolved, capped for the index. A row
 * without a name never creates a business (load.ts), so its slug is never stored.
 */
export function baseSlug(b: Pick<BusinessInput, 'name' | 'placeId'>): string {
  const name = b.name ?? '';
  const slug = businessSlug(name, b.placeId);
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  const prefix = b.placeId ? slugifyText(b.placeId.slice(0, PLACE_ID_PREFIX_LENGTH)) : '';
  const suffix = prefix ? `-${prefix}` : '';
  const head = (slugifyText(name) || 'business').slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/, '');
  return head + suffix;
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '' };
const NEEDS_ESCAPE = /[\\\t\n\r\0]/;

/** One value in COPY text format: \N for null, backslash escapes for the separators. */
export function copyValue(v: string | number | boolean | null): string {
  if (v === null) return '\\N';
  const s = typeof v === 'string' ? v : String(v);
  return NEEDS_ESCAPE.test(s) ? s.replace(/[\\\t\n\r\0]/g, (c) => ESCAPES[c]) : s;
}

/** A text[] literal: every element quoted, quotes and backslashes escaped. */
export function arrayLiteral(items: string[]): string {
  return `{${items.map((s) => `"${s.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}

export const STAGING_COLUMNS = ['ord', 'identity_key', 'content_hash', 'base_slug', 'category_id', 'city_id', ...STAGED_VALUE_COLUMNS, OPEN_WEEK_COLUMN, OPEN_HOURS_COLUMN];

/**
 * A staging table for one batch's rows in stagingBytes's format (the merge's, or the fast lane's).
 * Name and address may be null here: a row that only updates a stored business keeps its values.
 */
export const stagingDdl = (table: string) => `
  CREATE TEMP TABLE ${table} (
    ord int NOT NULL, identity_key text NOT NULL, content_hash text NOT NULL, base_slug text NOT NULL,
    category_id int, city_id int,
    ${VALUE_KEYS.map((k) => `${VALUE_COLUMNS[k].column} ${VALUE_COLUMNS[k].sql.replace(/ NOT NULL$/, '')}`).join(', ')},
    ${OPEN_WEEK_COLUMN} int4multirange, ${OPEN_HOURS_COLUMN} int2[]
  ) ON COMMIT DROP`;

export const STAGING_DDL = stagingDdl('import_staging');

/**
 * The JSON and the open week of each BusinessHours met: rows with the same working hours text share
 * one object (data/business/business-rules.ts reads each text once, and nothing changes them after),
 * so each is serialised and its week computed once.
 */
const hoursTexts = new WeakMap<object, { json: string; week: string | null }>();
function hoursText(hours: NonNullable<BusinessInput['businessHours']>): { json: string; week: string | null } {
  let texts = hoursTexts.get(hours);
  if (texts === undefined) {
    texts = { json: JSON.stringify(hours), week: openWeekText(hours) };
    hoursTexts.set(hours, texts);
  }
  return texts;
}

/** A value as COPY text wants it: JSON for the hours, an array literal for the services. */
function staged(b: BusinessInput, key: ValueColumnKey): string | number | boolean | null {
  if (key === 'businessHours') return b.businessHours === null ? null : hoursText(b.businessHours).json;
  if (key === 'services') return b.services === null ? null : arrayLiteral(b.services);
  return b[key];
}

/** A row's COPY text, minus its position, identity, hash, slug and the ids only known under the import lock. */
export interface EncodedRow {
  /** Every imported value, then the open week, COPY-escaped and tab-separated. */
  body: string;
  /** The content hash. */
  hash: string;
  /** The open week's literal (openWeekText), null when the hours are not read for certain: the open hours follow from it and the city. */
  week: string | null;
}

/**
 * Encodes the row once. content_hash is the md5 of the import's merge plan (`signature`) and that
 * encoding of the normalised imported values (city and category by name, never by id), so one
 * definition serves every path and a re-import can tell unchanged rows apart without rewriting them.
 */
export function encodeRow(b: BusinessInput, signature = ''): EncodedRow {
  const values = VALUE_KEYS.map((k) => copyValue(staged(b, k))).join('\t');
  // The import's merge plan is part of the hash: the same row from a file with other columns (or
  // with --clear-empty) may change other stored values, so it must not be skipped as unchanged.
  // One call, no Hash object per row: the same md5 of the same bytes as update(signature).update('\n').update(body).
  const hash = digest('md5', `${signature}\n${values}`, 'hex');
  // The week follows from the hours, which the hash covers: left out, stored hashes stay valid.
  const week = b.businessHours === null ? null : hoursText(b.businessHours).week;
  return { body: `${values}\t${copyValue(week)}`, hash, week };
}

/** What a staging line needs of a row, its body kept as UTF-8 bytes (the loader's batches). */
export interface EncodedBytes {
  identityKey: string;
  hash: string;
  /** EncodedRow's body as UTF-8: a batch holds it outside the JavaScript heap, half the size of a two-byte string. */
  bytes: Buffer;
  /** EncodedRow's week (one string per distinct hours, shared). */
  week?: string | null;
}

/**
 * The rows' staging lines (STAGING_COLUMNS, tab-separated, one per line), in order, as the bytes
 * COPY reads: position, identity, hash, slug, category and city ids, the body, then the open hours
 * from the row's week and its city's `offsets` (null: none, as for a city without a zone).
 */
export function stagingBytes(
  lines: { ord: number; row: EncodedBytes; slug: string; categoryId: number | null; cityId: number | null; offsets?: readonly number[] | null }[],
): Buffer {
  const heads = lines.map(({ ord, row, slug, categoryId, cityId }) => `${ord}\t${copyValue(row.identityKey)}\t${row.hash}\t${copyValue(slug)}\t${categoryId ?? '\\N'}\t${cityId ?? '\\N'}\t`);
  const tails = lines.map(({ row, offsets }) => `\t${copyValue(openHoursText(row.week ?? null, offsets ?? null))}\n`);
  let size = 0;
  for (let k = 0; k < lines.length; k++) size += Buffer.byteLength(heads[k]) + lines[k].row.bytes.length + tails[k].length;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (let k = 0; k < lines.length; k++) {
    at += out.write(heads[k], at);
    at += lines[k].row.bytes.copy(out, at);
    at += out.write(tails[k], at, 'latin1');
  }
  return out;
}
