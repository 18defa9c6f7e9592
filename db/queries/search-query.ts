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

/** An operand of an allOf text: its word, quoted, and its prefix star and weights. */
const OPERAND = /'((?:[^']|'')*)'(?::(\*?)([A-D]*))?/g;

/** What PostgreSQL makes of one word: its lexemes as a tsquery, the lexemes of the cities of its alternate names. */
interface WordReading {
  lexemes: string;
  cities: string[] | null;
}

/**
 * Texts made by allOf as the tsqueries the documents answer (migration 20261127A). Each word is
 * folded and parsed as the documents' text is (rehber_fold, the 'simple' configuration), its flags
 * on each of its lexemes, as to_tsquery would put them; where it may match a place (no weight, or
 * C), it also matches the lexeme of every city one of whose alternate names holds it. A word of a
 * city's own name is not: the documents hold that name, and the city's lexeme too would count it
 * twice in the rank. The texts of one search share their words: each distinct one is read once, in
 * one round trip for those the scope's memo does not hold (a city's names change only with a
 * write, which starts a new data version). Null for a text without a word.
 */
export async function tsqueries(db: Db | Knex.Transaction, texts: string[], scope?: MemoScope): Promise<(string | null)[]> {
  const operands = texts.map((t) => [...t.matchAll(OPERAND)].map(([, quoted, star = '', weights = '']) => ({ quoted, star, weights })));
  const key = (o: { quoted: string; star: string }) => `word|${o.star || '-'}${o.quoted}`;
  const keys = [...new Set(operands.flat().map(key))];
  const read = await memoizedEach(small(scope), keys, async (missing) => {
    const asked = missing.map((k) => ({ star: k.charAt('word|'.length) === '*', quoted: k.slice('word|'.length + 1) }));
    const { rows } = await db.raw(
      `SELECT to_tsquery('simple', rehber_fold(w.q))::text AS lexemes,
              (SELECT array_agg((tsvector_to_array(rehber_city_lexeme(c.id)))[1] ORDER BY c.id) FROM cities c, to_tsquery('simple', rehber_fold(w.q || w.star)) x
                WHERE rehber_city_names(c.name, c.alt_names) @@ x AND NOT to_tsvector('simple', rehber_fold(c.name)) @@ x) AS cities
         FROM unnest(?::text[], ?::text[]) WITH ORDINALITY w(q, star, i) ORDER BY w.i`,
      [asked.map((w) => `'${w.quoted}'`), asked.map((w) => (w.star ? ':*' : ''))],
    );
    return new Map(missing.map((k, i) => [k, rows[i] as WordReading]));
  });
  const words = new Map(keys.map((k, i) => [k, read[i]]));
  return operands.map((ops) => {
    const parts = ops.flatMap(({ quoted, star, weights }) => {
      const word = words.get(key({ quoted, star }));
      if (!word?.lexemes) return [];
      const flags = star || weights ? `:${star}${weights}` : '';
      const places = !weights || weights.includes('C') ? (word.cities ?? []).map((l) => `'${l.replace(/'/g, "''")}'${weights ? `:${weights}` : ''}`) : [];
      return [`( ${[word.lexemes.replace(/'(?:[^']|'')*'/g, (l) => l + flags), ...places].join(' | ')} )`];
    });
    return parts.length ? parts.join(' & ') : null;
  });
}
