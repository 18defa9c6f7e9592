/**
 * A search's candidates as the memo keeps them: a column per field, the numbers in one typed array
 * each, instead of a thousand objects of a dozen keys. A broad word's set is kept in about a
 * quarter of the bytes, so the memo's bound in bytes holds the sets of four times as many words
 * (the common words every page of typos and distinct queries comes back to). Unpacked per request:
 * the same values, the same types.
 */
import type { Candidate, CandidateColumns } from '../../db/queries/search.js';

const NUMBERS = ['id', 'rating', 'review_count', 'quality', 'city_id', 'category_id', 'rating_floor', 'tier'] as const;
const FLAGS = ['is_verified', 'has_phone', 'approximate'] as const;
const TEXTS = ['name', 'district'] as const;

type NumberKey = (typeof NUMBERS)[number];
type FlagKey = (typeof FLAGS)[number];
type TextKey = (typeof TEXTS)[number];

/** Candidates a column per field; a null number is NaN. */
export interface PackedCandidates {
  length: number;
  numbers: Record<NumberKey, Float64Array>;
  flags: Record<FlagKey, Uint8Array>;
  texts: Record<TextKey, (string | null)[]>;
}

export function pack(rows: Candidate[]): PackedCandidates {
  const column = <K extends string, T>(keys: readonly K[], make: (k: K) => T) => Object.fromEntries(keys.map((k) => [k, make(k)])) as Record<K, T>;
  return {
    length: rows.length,
    numbers: column(NUMBERS, (k) => Float64Array.from(rows, (r) => (r[k] === null ? NaN : Number(r[k])))),
    flags: column(FLAGS, (k) => Uint8Array.from(rows, (r) => (r[k] ? 1 : 0))),
    texts: column(TEXTS, (k) => rows.map((r) => r[k])),
  };
}

/** Candidates read as columns (searchCandidates), packed without an object per candidate. */
export function packColumns(c: CandidateColumns): PackedCandidates {
  const numbers = (column: (number | null)[]) => Float64Array.from(column, (v) => (v === null ? NaN : v));
  return {
    length: c.id.length,
    numbers: { id: numbers(c.id), rating: numbers(c.rating), review_count: numbers(c.review_count), quality: numbers(c.quality), city_id: numbers(c.city_id), category_id: numbers(c.category_id), rating_floor: numbers(c.rating_floor), tier: numbers(c.tier) },
    flags: { is_verified: Uint8Array.from(c.is_verified, Number), has_phone: Uint8Array.from(c.has_phone, Number), approximate: Uint8Array.from(c.approximate, Number) },
    texts: { name: c.name, district: c.district },
  };
}

export function unpack(p: PackedCandidates): Candidate[] {
  const { numbers: n, flags: f, texts: t } = p;
  const orNull = (v: number) => (Number.isNaN(v) ? null : v);
  return Array.from({ length: p.length }, (_, i) => ({
    id: n.id[i],
    rating: n.rating[i],
    review_count: n.review_count[i],
    quality: n.quality[i],
    city_id: orNull(n.city_id[i]),
    category_id: orNull(n.category_id[i]),
    rating_floor: n.rating_floor[i],
    tier: n.tier[i],
    is_verified: f.is_verified[i] === 1,
    has_phone: f.has_phone[i] === 1,
    approximate: f.approximate[i] === 1,
    name: t.name[i]!,
    district: t.district[i],
  }));
}
