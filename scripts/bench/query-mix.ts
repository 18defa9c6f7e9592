/**
 * The long tail of the HTTP bench: queries as a directory's visitors ask them, mostly once each.
 * From the words and places of the generated data itself (read from the database, so every query
 * can match), a seeded draw makes a fixed list of distinct combinations: a word; a word with a
 * city, a district or a country; a word with a category; two words; a typo. The same vocabulary
 * and seed give the same list, so two runs ask the same questions. Pure: no database, no clock.
 */
import { prng } from '../../domain/random.js';

export interface Vocabulary {
  /** Words of business names, lowercase, the most common first. */
  words: string[];
  /** Category names, lowercase. */
  categories: string[];
  /** City names, the biggest first. */
  cities: string[];
  /** Districts businesses name (the generated data may have none). */
  districts: string[];
  countries: string[];
}

export const QUERY_KINDS = ['word', 'word + city', 'word + district', 'word + country', 'word + category', 'two words', 'typo'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

export interface MixedQuery {
  kind: QueryKind;
  q: string;
  /** The place, for the kinds that name one (sent as `location`, or typed into the one box). */
  location?: string;
}

/** A copy of `list` in a seeded random order (Fisher-Yates). */
export function shuffled<T>(list: readonly T[], seed: number): T[] {
  const random = prng(seed);
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * A word mistyped as hands do: a letter left out, two swapped, or one doubled, never the first
 * letter (people rarely miss it). Words under four letters come back as they are.
 */
export function typoOf(word: string, random: () => number): string {
  const letters = [...word];
  if (letters.length < 4) return word;
  const at = 1 + Math.floor(random() * (letters.length - 2));
  const how = Math.floor(random() * 3);
  if (how === 0) letters.splice(at, 1);
  else if (how === 1 && letters[at] !== letters[at + 1]) [letters[at], letters[at + 1]] = [letters[at + 1], letters[at]];
  else letters.splice(at, 0, letters[at]);
  return letters.join('');
}

/**
 * Up to `count` distinct queries of the given kinds, each drawn in turn with the vocabulary's
 * common entries as likely as its rare ones. Fewer come back when the vocabulary cannot make that
 * many (a kind whose list is empty, as districts may be, is skipped).
 */
export function queryMix(vocab: Vocabulary, kinds: readonly QueryKind[], count: number, seed: number): MixedQuery[] {
  const random = prng(seed);
  const any = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const makers: Partial<Record<QueryKind, () => MixedQuery | null>> = {
    word: () => ({ kind: 'word', q: any(vocab.words) }),
    'word + city': () => ({ kind: 'word + city', q: any(vocab.words), location: any(vocab.cities) }),
    'word + district': () => ({ kind: 'word + district', q: any(vocab.words), location: any(vocab.districts) }),
    'word + country': () => ({ kind: 'word + country', q: any(vocab.words), location: any(vocab.countries) }),
    'word + category': () => {
      const word = any(vocab.words);
      const category = any(vocab.categories);
      return category.split(' ').includes(word) ? null : { kind: 'word + category', q: `${word} ${category}` };
    },
    'two words': () => {
      const a = any(vocab.words);
      const b = any(vocab.words);
      return a === b ? null : { kind: 'two words', q: `${a} ${b}` };
    },
    // A mistyped word alone, or beside a second word typed right (in either place): the words of
    // a vocabulary give a couple of thousand typos alone, fewer than a timed case asks of a fast
    // build, and a typo in a pair is as common in a search box.
    typo: () => {
      const word = any(vocab.words);
      const typo = typoOf(word, random);
      if (typo === word) return null;
      const pair = Math.floor(random() * 3);
      if (pair === 0) return { kind: 'typo', q: typo };
      const other = any(vocab.words);
      if (other === word) return null;
      return { kind: 'typo', q: pair === 1 ? `${typo} ${other}` : `${other} ${typo}` };
    },
  };
  const needs: Record<QueryKind, Array<keyof Vocabulary>> = {
    word: ['words'],
    'word + city': ['words', 'cities'],
    'word + district': ['words', 'districts'],
    'word + country': ['words', 'countries'],
    'word + category': ['words', 'categories'],
    'two words': ['words'],
    typo: ['words'],
  };
  const usable = kinds.filter((k) => needs[k].every((list) => vocab[list].length > 0));
  const out: MixedQuery[] = [];
  const seen = new Set<string>();
  // Draws that repeat a query are thrown away; when a long run of draws finds nothing new, the
  // vocabulary has given all it can.
  let misses = 0;
  for (let turn = 0; usable.length && out.length < count && misses < 2_000; turn++) {
    const query = makers[usable[turn % usable.length]]!();
    const key = query && `${query.q}\u0000${query.location ?? ''}`;
    if (!query || !key || seen.has(key)) {
      misses++;
      continue;
    }
    misses = 0;
    seen.add(key);
    out.push(query);
  }
  return out;
}

/** The query as typed into the one box: what, then where. */
export const oneBox = (query: MixedQuery): string => (query.location ? `${query.q} ${query.location}` : query.q);

/**
 * Each entry of `list` in turn, from the first again after the last: a URL of the list is asked
 * a second time only once all the others have been.
 */
export function inTurn<T>(list: readonly T[]): () => T {
  if (!list.length) throw new Error('inTurn: an empty list');
  let i = 0;
  return () => list[i++ % list.length];
}
