/**
 * The words of what a visitor or an admin typed, as the tsquery text that the search document
 * (migrations 20261124H, 20261127A) answers. Each word is folded by PostgreSQL's own rehber_fold
 * (tsqueries below), so the folding of a query and of the documents can never differ.
 */
import type { Knex } from 'knex';
import type { Db } from '../index.js';
import { memoizedEach, small, type MemoScope } from './search-memo.js';

/** At most this many words are searched; the rest of a pasted paragraph is ignored. */
const MAX_WORDS = 8;

/** The words of `text`: runs of letters and digits, as typed. */
export function words(text: string): string[] {
  return text
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

/** A word as a tsquery operand: quoted, so no letter of it is read as an operator. */
const operand = (word: string) => `'${word.replace(/'/g, "''")}'`;

/**
 * Every word (AND). `weights` restricts where a word may match ('C': a place); `prefix` lets the
 * last one be the start of a word (suggestions as one types).
 */
export function allOf(ws: string[], { weights = '', prefix = false }: { weights?: string; prefix?: boolean } = {}): string {
  return ws
    .map((w, i) => {
      const star = prefix && i === ws.length - 1 ? '*' : '';
      return star || weights ? `${operand(w)}:${star}${weights}` : operand(w);
    })
    .join(' & ');
}

/**
 * The SQL of a tsquery that `tsqueries` gave. A tsquery bound as a value, not worked out inside
 * the statement: the planner then sees it and knows a narrow name from a broad word (a subquery or
 * a function call there left it guessing, and a narrow name read the whole table).
 */
export const TSQUERY = '?::tsquery';

/**
 * A word in the alternate names of more cities than this names none of them by itself: it is a
 * piece of many names ('a', 'de', 'shi', 'city': 169 to 587 of the world-shaped bench's 4,442
 * cities), and matching the lexemes of them all read most of the directory (a search for 'a b'
 * took 160-260 ms each time). Within a place of several words it stands for the cities whose names
 * hold all of them ('Ciudad de México': only Mexico City's alternate names hold 'de' with the rest).
 */
export const MAX_CITIES_PER_WORD = 16;

/**
 * The lexemes of the cities whose names match the tsquery text `q` (a SQL expression, folded here)
 * while their own name does not; NULL when more than MAX_CITIES_PER_WORD do.
 */
const citiesOf = (q: string) => `(SELECT CASE WHEN count(*) <= ${MAX_CITIES_PER_WORD} THEN coalesce(array_agg(m.lexeme ORDER BY m.id), '{}') END
   FROM (SELECT c.id, (tsvector_to_array(rehber_city_lexeme(c.id)))[1] AS lexeme
           FROM cities c, to_tsquery('simple', rehber_fold(${q})) x
          WHERE rehber_city_names(c.name, c.alt_names) @@ x AND NOT to_tsvector('simple', rehber_fold(c.name)) @@ x
          LIMIT ${MAX_CITIES_PER_WORD + 1}) m)`;

/** An operand of an allOf text: its word, quoted, and its prefix star and weights. */
const OPERAND = /'((?:[^']|'')*)'(?::(\*?)([A-D]*))?/g;

/**
 * What PostgreSQL makes of one word: its lexemes as a tsquery, the lexemes of the cities of its
 * alternate names (null when too many to name one).
 */
interface WordReading {
  lexemes: string;
  cities: string[] | null;
}

/**
 * Texts made by allOf as the tsqueries the documents answer (migration 20261127A). Each word is
 * folded and parsed as the documents' text is (rehber_fold, the 'simple' configuration), its flags
 * on each of its lexemes, as to_tsquery would put them; where it may match a place (no weight, or
 * C), it also matches the lexeme of every city one of whose alternate names holds it (unless
 * more than MAX_CITIES_PER_WORD do; see there for a place of several words). A word of a city's own
 * name is not: the documents hold that name, and the city's lexeme too would count it twice in the
 * rank. The texts of one search share their words: each distinct one is read once, in one round
 * trip for those the scope's memo does not hold (a city's names change only with a write, which
 * starts a new data version), and so is each such place. Null for a text without a word.
 */
export async function tsqueries(db: Db | Knex.Transaction, texts: string[], scope?: MemoScope): Promise<(string | null)[]> {
  const operands = texts.map((t) => [...t.matchAll(OPERAND)].map(([, quoted, star = '', weights = '']) => ({ quoted, star, weights })));
  const term = (o: { quoted: string; star: string }) => `'${o.quoted}'${o.star ? ':*' : ''}`;
  const words = await readEach<WordReading>(db, scope, 'word', operands.flat().map(term), (q) => `to_tsquery('simple', rehber_fold(rtrim(${q}, ':*')))::text AS lexemes, ${citiesOf(q)} AS cities`);
  const wordOf = (o: { quoted: string; star: string }) => words.get(term(o));
  // A place of several words with a word of too many cities: the cities whose names hold them all.
  // The place is the words weighted as one (C) when a text has them, else every unweighted word.
  const canBePlace = (weights: string) => !weights || weights.includes('C');
  const places = operands.map((ops) => {
    const weighted = ops.filter((o) => o.weights.includes('C'));
    const place = weighted.length ? weighted : ops.filter((o) => !o.weights);
    return place.length > 1 && place.some((o) => wordOf(o)?.cities === null) ? place : [];
  });
  const phrases = places.map((place) => place.map(term).join(' & '));
  const byPhrase = await readEach<{ cities: string[] | null }>(db, scope, 'phrase', phrases.filter(Boolean), (q) => `${citiesOf(q)} AS cities`);
  return operands.map((ops, t) => {
    const parts = ops.flatMap((o) => {
      const word = wordOf(o);
      if (!word?.lexemes) return [];
      const flags = o.star || o.weights ? `:${o.star}${o.weights}` : '';
      const cities = !canBePlace(o.weights) ? [] : (word.cities ?? (places[t].includes(o) ? byPhrase.get(phrases[t])?.cities : null) ?? []);
      const lexemes = cities.map((l) => `'${l.replace(/'/g, "''")}'${o.weights ? `:${o.weights}` : ''}`);
      return [`( ${[word.lexemes.replace(/'(?:[^']|'')*'/g, (l) => l + flags), ...lexemes].join(' | ')} )`];
    });
    return parts.length ? parts.join(' & ') : null;
  });
}

/**
 * What `select` (SQL over the text `q`) gives for each distinct text, kept in the scope's small memo
 * under `kind`; those it does not hold are read in one round trip.
 */
async function readEach<T>(db: Db | Knex.Transaction, scope: MemoScope | undefined, kind: string, texts: string[], select: (q: string) => string): Promise<Map<string, T>> {
  const distinct = [...new Set(texts)];
  if (!distinct.length) return new Map();
  const keys = distinct.map((q) => `${kind}|${q}`);
  const read = await memoizedEach(small(scope), keys, async (missing) => {
    const { rows } = await db.raw(`SELECT ${select('u.q')} FROM unnest(?::text[]) WITH ORDINALITY u(q, i) ORDER BY u.i`, [
      missing.map((k) => k.slice(kind.length + 1)),
    ]);
    return new Map(missing.map((k, i) => [k, rows[i] as T]));
  });
  return new Map(distinct.map((q, i) => [q, read[i]!]));
}
