import { describe, expect, it } from 'vitest';
import { inTurn, oneBox, QUERY_KINDS, queryMix, shuffled, typoOf, type Vocabulary } from './query-mix.js';
import { prng } from '../../domain/random.js';

const vocab: Vocabulary = {
  words: ['golden', 'oak', 'pine', 'delta', 'restaurant', 'plumber', 'bakery', 'müller'],
  categories: ['restaurant', 'plumber', 'hair salon', 'bakery'],
  cities: Array.from({ length: 300 }, (_, i) => `City ${i}`),
  districts: ['Kadıköy', 'Mitte'],
  countries: ['Türkiye', 'Germany', 'Brazil'],
};

const keyOf = (q: { q: string; location?: string }) => `${q.q}|${q.location ?? ''}`;

describe('the query mix of the HTTP bench', () => {
  it('gives the same list for the same vocabulary and seed, and another for another seed', () => {
    const a = queryMix(vocab, QUERY_KINDS, 1_000, 7);
    expect(queryMix(vocab, QUERY_KINDS, 1_000, 7)).toEqual(a);
    expect(queryMix(vocab, QUERY_KINDS, 1_000, 8)).not.toEqual(a);
  });

  it('gives as many distinct queries as asked when the vocabulary can make them, of every kind asked', () => {
    const mix = queryMix(vocab, QUERY_KINDS, 2_000, 1);
    expect(mix).toHaveLength(2_000);
    expect(new Set(mix.map(keyOf)).size).toBe(2_000);
    expect(new Set(mix.map((q) => q.kind))).toEqual(new Set(QUERY_KINDS));
    for (const q of mix.filter((m) => m.kind === 'word + city')) expect(vocab.cities).toContain(q.location);
  });

  it('stops at every combination the vocabulary has when asked for more', () => {
    // 8 words × 3 countries: 24 combinations, no more.
    const mix = queryMix(vocab, ['word + country'], 1_000, 3);
    expect(mix).toHaveLength(24);
    expect(new Set(mix.map(keyOf)).size).toBe(24);
    // 8 × 7 ordered pairs of two different words.
    expect(queryMix(vocab, ['two words'], 1_000, 3)).toHaveLength(56);
  });

  it('skips a kind whose list is empty (no districts in the data)', () => {
    const mix = queryMix({ ...vocab, districts: [] }, ['word + district', 'word'], 100, 5);
    expect(mix.map((q) => q.kind)).toEqual(Array(vocab.words.length).fill('word'));
    expect(queryMix({ ...vocab, districts: [] }, ['word + district'], 100, 5)).toEqual([]);
  });

  it('mistypes a word by one letter, never the first, and puts a place after the word in one box', () => {
    const random = prng(11);
    for (let i = 0; i < 200; i++) {
      const typo = typoOf('restaurant', random);
      expect(typo[0]).toBe('r');
      expect(Math.abs(typo.length - 'restaurant'.length)).toBeLessThanOrEqual(1);
    }
    expect(typoOf('oak', random)).toBe('oak');
    expect(oneBox({ kind: 'word + city', q: 'bakery', location: 'Berlin' })).toBe('bakery Berlin');
  });

  it('mistypes one word of a typo query, alone or beside a word typed right, so its list outgrows the single words\' typos', () => {
    const mix = queryMix(vocab, ['typo'], 5_000, 9);
    const alone = mix.filter((m) => !m.q.includes(' '));
    const pairs = mix.filter((m) => m.q.includes(' '));
    expect(alone.length).toBeGreaterThan(0);
    expect(pairs.length).toBeGreaterThan(alone.length);
    for (const m of mix) {
      const words = m.q.split(' ');
      expect(words.filter((w) => !vocab.words.includes(w))).toHaveLength(1);
    }
    // Eight words alone give at most a few dozen typos; with a second word, thousands.
    expect(mix.length).toBeGreaterThan(1_000);
  });

  it('hands out every entry once before any a second time', () => {
    const list = shuffled(['a', 'b', 'c', 'd'], 2);
    expect([...list].sort()).toEqual(['a', 'b', 'c', 'd']);
    const next = inTurn(list);
    const got = Array.from({ length: 8 }, next);
    expect(got.slice(0, 4)).toEqual(list);
    expect(got.slice(4)).toEqual(list);
  });
});
