import { describe, expect, it } from 'vitest';
import type { Candidate } from '../../db/queries/search.js';
import { CANDIDATE_FIELDS, candidateRows, type CandidateColumns } from '../../db/queries/search.js';
import { pack, packColumns, unpack } from './packed-candidates.js';
import { memoKey, newMemos } from './search-memo.js';

/** A broad word's set as searchCandidates reads it: the bound + 1 candidates. */
const broadSet = (word: number): Candidate[] =>
  Array.from({ length: 1001 }, (_, i) => ({
    id: word * 10_000 + i,
    rating: (i % 50) / 10,
    review_count: i * 7,
    quality: 3.5 + (i % 13) / 10,
    city_id: i % 5 === 0 ? null : i % 300,
    category_id: i % 7 === 0 ? null : i % 100,
    rating_floor: Math.floor(((i % 50) / 10) * 2) / 2,
    tier: i % 5,
    is_verified: i % 2 === 0,
    has_phone: i % 3 === 0,
    approximate: i % 4 === 0,
    name: `Golden Oak Restaurant ${word * 10_000 + i}`,
    district: i % 6 === 0 ? null : `District ${i % 40}`,
  }));

describe('packed candidates', () => {
  it('give back the same candidates, nulls and types included', () => {
    const rows = broadSet(1);
    expect(unpack(pack(rows))).toEqual(rows);
    expect(unpack(pack([]))).toEqual([]);
  });

  it('are the same read as columns, and the columns are the same candidates', () => {
    const rows = broadSet(2);
    const columns = Object.fromEntries(CANDIDATE_FIELDS.map((f) => [f, rows.map((r) => r[f])])) as CandidateColumns;
    expect(packColumns(columns)).toEqual(pack(rows));
    expect(candidateRows(columns)).toEqual(rows);
    expect(unpack(packColumns(Object.fromEntries(CANDIDATE_FIELDS.map((f) => [f, []])) as unknown as CandidateColumns))).toEqual([]);
  });

  it('let the search memo keep the broad sets of a hundred and fifty words within its bound', async () => {
    const { memo } = newMemos();
    const words = Array.from({ length: 150 }, (_, w) => w);
    for (const w of words) await memo.get('1', memoKey('candidates', w), async () => pack(broadSet(w)));
    const kept = words.filter((w) => memo.peek('1', memoKey('candidates', w)) !== undefined);
    expect(kept.length).toBe(words.length);
  });
});
