/**
 * The tsquery texts of query-reading.ts as the tsqueries the search documents answer (migration
 * 20261127A), and what PostgreSQL makes of each word (db/queries/word-lookups.ts), each word and
 * place read once per data version in the small memo.
 */
import type { Db } from '../../db/index.js';
import type { Knex } from 'knex';
import { lookUpPlaces, lookUpPlaceWords, lookUpWords, type WordReading } from '../../db/queries/word-lookups.js';
import { analyzed, readPlannerStatistics, shareOf, type PlannerStatistics } from '../../db/queries/planner-statistics.js';
import { operand } from './query-reading.js';
import { memoized, memoizedEach, memoKey, small, type MemoKind, type MemoScope } from './search-memo.js';

/** An operand of an allOf text: its word, quoted, and its prefix star and weights. */
const OPERAND = /'((?:[^']|'')*)'(?::(\*?)([A-D]*))?/g;

/**
 * What PostgreSQL makes of each word (as typed), in the scope's memo per word: a search's
 * respelling and its tsqueries read each word once, in one round trip for those not kept.
 */
export async function readWords(db: Db | Knex.Transaction, ws: string[], scope?: MemoScope): Promise<(WordReading | undefined)[]> {
  const read = await readEach(db, scope, 'word', ws.map(operand), respelling(scope));
  return ws.map((w) => read.get(operand(w)));
}

/**
 * lookUpWords, each word the vocabulary lacks respelt to the word one edit away that the most
 * documents hold, as a spelling checker weighs them (the planner's statistics: kept per data
 * version), the nearer by trigrams at a tie or when none is among the most common; else to the
 * nearest by trigrams.
 */
const respelling =
  (scope?: MemoScope) =>
  async (db: Db | Knex.Transaction, terms: string[]): Promise<WordReading[]> => {
    const rows = await lookUpWords(db, terms);
    if (!rows.some((r) => r.oneEdit?.length)) return rows;
    const { documents } = await plannerStatistics(db, scope);
    const share = (w: string) => shareOf(documents, [w]);
    return rows.map((r) => (r.oneEdit?.length ? { ...r, nearest: r.oneEdit.reduce((best, w) => (share(w) > share(best) ? w : best)) } : r));
  };

/**
 * The planner's statistics of the search documents (db/queries/planner-statistics.ts), kept per
 * data version in the small memo: the respelling weighs words by them, and a search's statements
 * are handed them instead of reading pg_stats themselves (planning that view cost more than most
 * of a search's reads). Not kept while the table has none (a directory never analyzed yet).
 */
export function plannerStatistics(db: Db | Knex.Transaction, scope?: MemoScope): Promise<PlannerStatistics> {
  return memoized(small(scope), memoKey('planner-statistics', ''), () => readPlannerStatistics(db), analyzed);
}

/** Each place word (as typed) respelt to the nearest word that names a place, for a word the vocabulary lacks; kept per word like readWords. */
export async function readPlaceWords(db: Db | Knex.Transaction, ws: string[], scope?: MemoScope): Promise<(string | null | undefined)[]> {
  const read = await readEach(db, scope, 'place-word', ws.map(operand), lookUpPlaceWords);
  return ws.map((w) => read.get(operand(w))?.nearest);
}

/**
 * Texts made by allOf as the tsqueries the documents answer. Each word is folded and parsed as the
 * documents' text is, its flags on each of its lexemes, as to_tsquery would put them; where it may
 * match a place (no weight, or C), it also matches the lexeme of every city one of whose alternate
 * names holds it (unless more than MAX_CITIES_PER_WORD do; see there for a place of several
 * words). A word of a city's own name is not: the documents hold that name, and the city's lexeme
 * too would count it twice in the rank. The texts of one search share their words: each distinct
 * one is read once, in one round trip for those the scope's memo does not hold (a city's names
 * change only with a write, which starts a new data version), and so is each such place. Null for
 * a text without a word.
 */
export async function tsqueries(db: Db | Knex.Transaction, texts: string[], scope?: MemoScope): Promise<(string | null)[]> {
  const operands = texts.map((t) => [...t.matchAll(OPERAND)].map(([, quoted, star = '', weights = '']) => ({ quoted, star, weights })));
  const term = (o: { quoted: string; star: string }) => `'${o.quoted}'${o.star ? ':*' : ''}`;
  const words = await readEach(db, scope, 'word', operands.flat().map(term), respelling(scope));
  const wordOf = (o: { quoted: string; star: string }) => words.get(term(o));
  // A place of several words names its cities together (placeCitiesOf): the words weighted as one
  // (C), or, in a text without them, every unweighted word when one is a word of too many cities
  // (the others there keep their own cities: the words need not be one place).
  const canBePlace = (weights: string) => !weights || weights.includes('C');
  // Whether the cities the words name one by one may have a city in common (too many to tell, or
  // one in every list): else no city's names hold them all, and there is nothing to look up.
  const someCityHoldsAll = (ops: (typeof operands)[number]) => {
    const lists = ops.map((o) => wordOf(o)?.cities);
    return lists.some((l) => l == null) || lists.reduce((common, l) => common!.filter((c) => l!.includes(c)))!.length > 0;
  };
  const places = operands.map((ops) => {
    const weighted = ops.filter((o) => o.weights.includes('C'));
    if (weighted.length) return weighted.length > 1 && someCityHoldsAll(weighted) ? weighted : [];
    const plain = ops.filter((o) => !o.weights);
    return plain.length > 1 && plain.some((o) => wordOf(o)?.cities === null) ? plain : [];
  });
  const phrases = places.map((place) => place.map(term).join(' & '));
  const byPhrase = await readEach(db, scope, 'phrase', phrases.filter(Boolean), lookUpPlaces);
  return operands.map((ops, t) => {
    // A place of one word: not the cities it only names a part of (exceptOf).
    const onePlaceWord = ops.filter((o) => o.weights.includes('C')).length === 1;
    const parts = ops.flatMap((o) => {
      const word = wordOf(o);
      if (!word?.lexemes) return [];
      const flags = o.star || o.weights ? `:${o.star}${o.weights}` : '';
      const together = places[t].includes(o) && (o.weights.includes('C') || word.cities === null);
      const cities = !canBePlace(o.weights) ? [] : ((together ? byPhrase.get(phrases[t])?.cities : word.cities) ?? []);
      const lexeme = (l: string) => `'${l.replace(/'/g, "''")}'${o.weights ? `:${o.weights}` : ''}`;
      const own = word.lexemes.replace(/'(?:[^']|'')*'/g, (l) => l + flags);
      const except = onePlaceWord && o.weights.includes('C') ? (word.except ?? []) : [];
      const mine = except.length ? `( ${own} & ${except.map((l) => `!${lexeme(l)}`).join(' & ')} )` : own;
      return [`( ${[mine, ...cities.map(lexeme)].join(' | ')} )`];
    });
    return parts.length ? parts.join(' & ') : null;
  });
}

/**
 * What `lookUp` gives for each distinct text, kept in the scope's small memo under `kind`; those it
 * does not hold are read in one round trip.
 */
async function readEach<T>(
  db: Db | Knex.Transaction,
  scope: MemoScope | undefined,
  kind: Extract<MemoKind, 'word' | 'place-word' | 'phrase'>,
  texts: string[],
  lookUp: (db: Db | Knex.Transaction, texts: string[]) => Promise<T[]>,
): Promise<Map<string, T>> {
  const distinct = [...new Set(texts)];
  if (!distinct.length) return new Map();
  const read = await memoizedEach(small(scope), kind, distinct, async (missing) => {
    const rows = await lookUp(db, missing);
    return new Map(missing.map((q, i) => [q, rows[i]]));
  });
  return new Map(distinct.map((q, i) => [q, read[i]!]));
}
