/**
 * What PostgreSQL makes of the words and places of a query, read for many at once: each word folded
 * and parsed as the search documents are (rehber_fold, the 'simple' configuration, so the folding
 * of a query and of the documents can never differ), the cities its alternate names name, its
 * respelling, whether any listing holds it. Terms are the quoted operands of the read service's
 * tsquery texts (data/reads/query-reading.ts allOf: `'word'`, `'word':*`). Nothing here keeps
 * anything: data/reads/tsqueries.ts asks for what its memo lacks.
 */
import type { Knex } from 'knex';
import type { Db } from '../index.js';

/**
 * The SQL of a tsquery that `tsqueries` gave. A tsquery bound as a value, not worked out inside
 * the statement: the planner then sees it and knows a narrow name from a broad word (a subquery or
 * a function call there left it guessing, and a narrow name read the whole table).
 */
export const TSQUERY = '?::tsquery';

/**
 * A word in the alternate names of more cities than this names none of them by itself: it is a
 * piece of many names ('a', 'de', 'shi', 'city': hundreds of a world-wide gazetteer's cities), and
 * matching the lexemes of them all read most of the directory (docs/performance.md). Within a place of several words it stands for the cities whose names
 * hold all of them ('Ciudad de México': only Mexico City's alternate names hold 'de' with the rest).
 */
export const MAX_CITIES_PER_WORD = 16;

/** The lexeme of city `id` in the documents (migration 20261127A). */
const cityLexeme = (id: string) => `(tsvector_to_array(rehber_city_lexeme(${id})))[1]`;
/** Whether city `c`'s own name matches the tsquery `x` (the documents hold those words themselves). */
const ownNameHolds = (c: string, x: string) => `to_tsvector('simple', rehber_fold(${c}.name)) @@ ${x}`;
/** Whether any of city `c`'s names match `x` (the names' GIN index, migration 20261128A). */
const namesHold = (c: string, x: string) => `rehber_city_names(${c}.name, ${c}.alt_names) @@ ${x}`;
/** The lexemes of the rows of `m` that pass `filter`, in id order; NULL when more than MAX_CITIES_PER_WORD do. */
const cappedLexemes = (filter = '') =>
  `CASE WHEN count(*) ${filter} <= ${MAX_CITIES_PER_WORD} THEN coalesce(array_agg(${cityLexeme('m.id')} ORDER BY m.id) ${filter}, '{}') END`;

/**
 * The lexemes of the cities whose names match the tsquery text `q` (a SQL expression, folded here)
 * while their own name does not; NULL when more than MAX_CITIES_PER_WORD do. Not a city smaller
 * (fewer businesses) than the biggest whose own name matches: 'rome' is Rome, though Lomé has
 * 'Rome' among its names (a Japanese spelling), while 'vienna' is Vienna, Virginia and Wien too.
 * That biggest is read once (OFFSET 0 keeps the planner from moving it into the scan of the
 * cities, where it was read again for each city holding the word: hundreds for 'de').
 */
const citiesOf = (q: string) => `(SELECT ${cappedLexemes()}
   FROM (SELECT c.id
           FROM (SELECT x, (SELECT max(o.business_count) FROM cities o WHERE ${namesHold('o', 'x')} AND ${ownNameHolds('o', 'x')}) AS own
                   FROM to_tsquery('simple', rehber_fold(${q})) x OFFSET 0) t, cities c
          WHERE ${namesHold('c', 't.x')} AND NOT ${ownNameHolds('c', 't.x')} AND c.business_count >= coalesce(t.own, 0)
          LIMIT ${MAX_CITIES_PER_WORD + 1}) m)`;

/**
 * A term's text as typed: the quotes allOf put around it taken off, a quote inside it unescaped.
 * With `spaced`, a text of several terms ('a' & 'b') as the words it was ('a b').
 */
const unquoted = (q: string, spaced = false) => {
  const inner = `btrim(${q}, '''')`;
  return `replace(${spaced ? `replace(${inner}, ''' & ''', ' ')` : inner}, '''''', '''')`;
};

/**
 * The lexemes of the cities a place of several words (the tsquery text `q` of its words, in order)
 * names: of the cities whose names hold all of its words (found by their names' index), those
 * with one name that is the place itself when there are any ('sao paulo' is São Paulo, not Luanda,
 * once 'São Paulo de Loanda'), else all of them ('ciudad de mexico'); NULL when more than
 * MAX_CITIES_PER_WORD. A city whose own name holds the words is left to the documents' words, as
 * in citiesOf.
 */
const placeCitiesOf = (q: string) => `(SELECT CASE WHEN bool_or(m.exact) THEN ${cappedLexemes('FILTER (WHERE NOT m.own AND m.exact)')}
                     ELSE ${cappedLexemes('FILTER (WHERE NOT m.own)')} END
     FROM (SELECT c.id, strpos(c.alt_names, t.name) > 0 AS exact, ${ownNameHolds('c', 't.x')} AS own
             FROM (SELECT to_tsquery('simple', rehber_fold(${q})) AS x, '|' || rehber_fold(${unquoted(q, true)}) || '|' AS name) t, cities c
            WHERE ${namesHold('c', 't.x')}) m)`;

/** The word term `q` (quoted, maybe with a prefix star) as a tsquery of its lexemes, folded as documents are. */
const wordQuery = (q: string) => `to_tsquery('simple', rehber_fold(rtrim(${q}, ':*')))`;
/** Whether the word term `q` is a whole word, not a prefix (an admin's word being typed). */
const wholeWord = (q: string) => `${q} NOT LIKE '%:*'`;

/**
 * The lexemes of the cities a place of one word (the word term `q`) must not stand for: when some
 * city's own name is that word ('york': York), the cities whose longer own names hold it (New York
 * City), unless their state or country holds it too ('mexico' keeps Mexico City, in Mexico);
 * NULL when more than MAX_CITIES_PER_WORD, empty when no city is named the word. Without this a
 * place word matched every city with the word in its name: 'pizzeria york' showed New York City's
 * pizzerias beside York's. A prefix (an admin's word being typed) names no city.
 */
const exceptOf = (q: string) => `(SELECT CASE WHEN ${wholeWord(q)}
          AND EXISTS (SELECT 1 FROM cities e WHERE rehber_fold(e.name) = t.f)
        THEN (SELECT ${cappedLexemes()}
                FROM (SELECT c.id FROM cities c
                       WHERE ${namesHold('c', 't.x')} AND ${ownNameHolds('c', 't.x')} AND rehber_fold(c.name) <> t.f
                         AND NOT to_tsvector('simple', rehber_fold(concat_ws(' ', c.state, c.country))) @@ t.x
                       LIMIT ${MAX_CITIES_PER_WORD + 1}) m)
        ELSE '{}' END
   FROM (SELECT ${wordQuery(q)} AS x, rehber_fold(${unquoted(q)}) AS f OFFSET 0) t)`;

/**
 * What PostgreSQL makes of one word: its lexemes as a tsquery, the lexemes of the cities of its
 * alternate names (null when too many to name one), its respelling, and whether no listing holds it.
 */
export interface WordReading {
  lexemes: string;
  cities: string[] | null;
  /**
   * The nearest word of the vocabulary (search_words) by trigrams, for a word of its kind it does
   * not hold with no word one edit away (else null: the read service respells to one of oneEdit).
   */
  nearest: string | null;
  /** For such a word, the vocabulary's words one edit away, the nearer by trigrams first. */
  oneEdit: string[] | null;
  /** A word of the vocabulary's kind it does not hold: in no document, nor any city's names. */
  absent: boolean;
  /** As a place of one word, the cities it does not stand for (exceptOf); null when too many to name. */
  except: string[] | null;
}

/**
 * Whether the word term `q`, folded as `f`, is of the vocabulary's kind (its rule: 3 to 40
 * letters, no digit) and not in it (such a word is in no document). A prefix (an admin's word
 * being typed) never is.
 */
const absentOf = (q: string, f: string) =>
  `(${wholeWord(q)} AND length(${f}) BETWEEN 3 AND 40 AND ${f} !~ '[0-9]' AND NOT EXISTS (SELECT 1 FROM search_words s WHERE s.word = ${f}))`;

/**
 * The word term `q` folded, as the column `f` of one row. OFFSET 0 keeps the fold a value of its
 * own: pulled up into what reads it, every use of `f` called rehber_fold again (unaccent), and the
 * few hundred words one edit away (oneEditFrom) each called it a dozen times.
 */
const foldOf = (q: string) => `(SELECT rehber_fold(${unquoted(q)}) AS f OFFSET 0)`;
/** The word term `q` folded, as `w.f` for `select`. */
const folded = (q: string, select: string) => `(SELECT ${select} FROM ${foldOf(q)} w)`;

/**
 * The words one edit away from the folded word `f` (a letter left out, two neighbours swapped, one
 * put in or changed: to a letter of the alphabet or of the word itself), as an array.
 */
const oneEditFrom = (f: string) => `ARRAY(
     SELECT left(${f}, i - 1) || substr(${f}, i + 1) FROM generate_series(1, length(${f})) i
     UNION SELECT left(${f}, i - 1) || substr(${f}, i + 1, 1) || substr(${f}, i, 1) || substr(${f}, i + 2) FROM generate_series(1, length(${f}) - 1) i
     UNION SELECT left(${f}, i) || l.c || substr(${f}, i + 1 + k) FROM generate_series(0, length(${f})) i, generate_series(0, 1) k,
                  (SELECT DISTINCT c FROM regexp_split_to_table('abcdefghijklmnopqrstuvwxyz' || ${f}, '') c) l
            WHERE i + k <= length(${f}))`;

/**
 * The nearest known word of the folded word `f` by trigrams. The trigram walk over the whole
 * vocabulary is the cost, so only an absent word with no word one edit away pays it.
 */
const nearestOf = (f: string) => `(SELECT s.word FROM search_words s WHERE s.word % ${f} ORDER BY similarity(s.word, ${f}) DESC, s.word LIMIT 1)`;

/**
 * The vocabulary's words one edit away from the folded word `f`, the nearer by trigrams first, asked
 * of an absent word only (a few hundred probes of the vocabulary's primary key); the read service
 * picks the commonest (data/reads/tsqueries.ts). Trigrams alone took a mistyped word to a short
 * stem or a rare word sharing its start ('culb' → cul, not club; 'sotre' → soto; 'houes' → hou),
 * and a swap in a short word ('notrh') shares too few trigrams with the word meant to be found.
 */
const oneEditOf = (f: string) => `ARRAY(SELECT s.word FROM search_words s WHERE s.word = ANY(${oneEditFrom(f)}) ORDER BY similarity(s.word, ${f}) DESC, s.word)`;

/** How many of the vocabulary's nearest words to a mistyped place are tried as places. */
const PLACE_CANDIDATES = 20;

/**
 * Whether the vocabulary word `w` names a place: some city by one of its names (their GIN index),
 * or some listing as its place (district, state, country, postal code: the place index).
 */
const namesPlace = (w: string) => `(EXISTS (SELECT 1 FROM cities c WHERE ${namesHold('c', `to_tsquery('simple', quote_literal(${w}))`)})
   OR EXISTS (SELECT 1 FROM businesses b WHERE ts_filter(b.search_vector, '{c}') @@ to_tsquery('simple', quote_literal(${w}) || ':C')))`;

/**
 * The nearest known word of the word term `q` that names a place, for an absent word only: of the
 * vocabulary's PLACE_CANDIDATES nearest words, the nearest that names a place ('berln' → berlin,
 * not a business's word that happens to be nearer). A place is matched as a place alone, so a
 * respelling into a word no place holds would find nothing.
 */
const nearestPlaceOf = (q: string) =>
  folded(
    q,
    `CASE WHEN ${absentOf(q, 'w.f')}
          THEN (SELECT n.word FROM (SELECT s.word, similarity(s.word, w.f) AS sim FROM search_words s WHERE s.word % w.f
                                    ORDER BY sim DESC, s.word LIMIT ${PLACE_CANDIDATES}) n
                 WHERE ${namesPlace('n.word')} ORDER BY n.sim DESC, n.word LIMIT 1) END`,
  );

/** Each place word term (a quoted word) respelt to the nearest place word the vocabulary knows (nearestPlaceOf), in order; one round trip. */
export function lookUpPlaceWords(db: Db | Knex.Transaction, terms: string[]): Promise<{ nearest: string | null }[]> {
  return lookUpEach<{ nearest: string | null }>(db, terms, (q) => `${nearestPlaceOf(q)} AS nearest`, 'place_words');
}

/**
 * What PostgreSQL makes of the word term `q`. Its fold, whether it is absent and the words one edit
 * away are read once (the lateral `e`, kept apart by OFFSET 0), and the trigram walk only when no
 * word is one edit away: the read service respells to one of those when there are any.
 */
const WORD_SELECT = (q: string) =>
  `${wordQuery(q)}::text AS lexemes, ${citiesOf(q)} AS cities, CASE WHEN e.absent AND cardinality(e.one) = 0 THEN ${nearestOf('e.f')} END AS nearest,
   e.one AS "oneEdit", e.absent, ${exceptOf(q)} AS except`;
const WORD_FROM = (q: string) => `LATERAL (SELECT w.f, w.absent, CASE WHEN w.absent THEN ${oneEditOf('w.f')} END AS one
   FROM (SELECT f, ${absentOf(q, 'f')} AS absent FROM ${foldOf(q)} x OFFSET 0) w OFFSET 0) e`;

/** What PostgreSQL makes of each term (a quoted word, maybe with a prefix star), in order; one round trip. */
export function lookUpWords(db: Db | Knex.Transaction, terms: string[]): Promise<WordReading[]> {
  return lookUpEach<WordReading>(db, terms, WORD_SELECT, 'words', WORD_FROM);
}

/** The lexemes of the cities each place of several words names (placeCitiesOf; its words' terms joined by ' & '), in order; one round trip. */
export function lookUpPlaces(db: Db | Knex.Transaction, phrases: string[]): Promise<{ cities: string[] | null }[]> {
  return lookUpEach<{ cities: string[] | null }>(db, phrases, (q) => `${placeCitiesOf(q)} AS cities`, 'places');
}

/** Up to this many texts a look-up is a statement prepared once per connection (lookUpEach). */
const PREPARED_UP_TO = 8;

/** The prepared look-ups' texts, by name and number of texts. */
const PREPARED = new Map<string, string>();

/**
 * What `select` (SQL over the text `q`, with the lateral `from` beside it) gives for each of
 * `texts`, in order. Up to PREPARED_UP_TO texts the statement is prepared once per connection,
 * one per number of texts (`rehber_lookup_<kind>_<n>`): its plan is the same for every word
 * (each part reads the row's own text), and planning these few dozen subqueries cost PostgreSQL
 * more than running them for a word it knows (docs/performance.md, "A word's look-up prepared").
 * The texts are an ARRAY of that many values, which the planner counts as it counts a constant
 * array's, so the generic plan costs what a custom one does and is kept after PostgreSQL's five
 * custom ones.
 */
async function lookUpEach<T>(db: Db | Knex.Transaction, texts: string[], select: (q: string) => string, kind: string, from?: (q: string) => string): Promise<T[]> {
  if (!texts.length) return [];
  const statement = (values: string) => `SELECT ${select('u.q')} FROM unnest(${values}) WITH ORDINALITY u(q, i)${from ? `, ${from('u.q')}` : ''} ORDER BY u.i`;
  if (texts.length > PREPARED_UP_TO) return (await db.raw(statement('?::text[]'), [texts])).rows as T[];
  const name = `rehber_lookup_${kind}_${texts.length}`;
  let sql = PREPARED.get(name);
  if (!sql) PREPARED.set(name, (sql = statement(`ARRAY[${texts.map(() => '?').join(', ')}]::text[]`)));
  return (await db.raw(sql, texts).options({ name })).rows as T[];
}
