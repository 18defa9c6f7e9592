/**
 * Suggestions of the search boxes (GET /api/suggest?q=): businesses whose folded name starts with
 * the folded text ('cicek e' finds 'Çiçek Evi') or has a word starting with it ('kahve' finds
 * 'Doğan Kahvecisi'), the best rated businesses of the category it names ('bakery'), categories,
 * cities (by any of their names) and countries. One statement; the names' arms read at most a
 * few dozen names each, one a range of the folded-name index (migration 20261124J), the other
 * the name-word index (20261203M), the category's businesses are a walk of its listing index;
 * categories and countries are matched by their names folded when written (20261130B).
 */
import type { Knex } from 'knex';
import type { Db } from '../index.js';
import { SUGGEST_PER_KIND, type Suggestion } from '../../domain/search.js';
import { escapeLike } from './like.js';

/** Name matches looked at, by each of the names' arms, before the best reviewed are kept. */
const BUSINESS_CANDIDATES = 50;
/** A word shorter than this starts too many names' words to look them all up at each keystroke. */
const WORD_PREFIX_MIN = 3;

/** A category folded-name pattern (bound to `word%`) matching its name's first or a later word. */
const CATEGORY_MATCHES = `(k.folded_name LIKE (SELECT rehber_fold(?)) OR k.folded_name LIKE '% ' || (SELECT rehber_fold(?)))`;

/**
 * One prepared statement (bound to the words typed, twice, to them as a tsquery of name words or
 * null, then to them as a LIKE prefix, six times): PostgreSQL plans it once per connection instead
 * of at every keystroke (planning was much of its work). A pattern is folded once, in its own
 * subquery: a plan made for any words would otherwise fold it again for each category, city and
 * country it tests. The first arm is written as the range of the folded-name index (at or after
 * the folded words, before them followed by the last code point), which a plan made for any words
 * can walk. The name words are read by rehber_name_word_matches, through their index alone, and
 * only when fewer names start with the text than are shown: a name that starts with it comes first,
 * and a broad word's bitmap is the dearest read here (a few milliseconds per 10,000 names holding
 * it). A name found by a word of it comes before a business of the category named. The city of a
 * name is read for the names shown alone (a join there hashed every city for each keystroke).
 */
const SUGGEST = {
  name: 'rehber_suggest',
  sql: `WITH starts AS (SELECT b.name, b.slug, b.city_id, b.review_count FROM businesses b
          WHERE b.is_active AND rehber_fold(b.name) COLLATE "C" >= rehber_fold(?) AND rehber_fold(b.name) COLLATE "C" < rehber_fold(?) || chr(1114111)
          ORDER BY rehber_fold(b.name) COLLATE "C" LIMIT ${BUSINESS_CANDIDATES})
     (SELECT 'business' AS kind, x.name AS label, (SELECT ci.name FROM cities ci WHERE ci.id = x.city_id) AS detail, x.slug FROM
        (SELECT DISTINCT ON (m.slug) m.* FROM (
          SELECT 0 AS rank, s.name, s.slug, s.city_id, s.review_count FROM starts s
          UNION ALL
          SELECT 1, w.name, w.slug, w.city_id, w.review_count FROM rehber_name_word_matches(to_tsquery('simple', rehber_fold(?)), ${BUSINESS_CANDIDATES}) w
           WHERE (SELECT count(*) FROM starts) < ${SUGGEST_PER_KIND}
          UNION ALL
          (SELECT 2, b.name, b.slug, b.city_id, b.review_count FROM businesses b
            WHERE b.is_active AND b.category_id = (SELECT k.id FROM categories k WHERE k.business_count > 0 AND ${CATEGORY_MATCHES} ORDER BY k.business_count DESC, k.id LIMIT 1)
            ORDER BY b.rating DESC, b.review_count DESC, b.id LIMIT ${SUGGEST_PER_KIND})
        ) m ORDER BY m.slug, m.rank) x
       ORDER BY x.rank, x.review_count DESC, x.name LIMIT ${SUGGEST_PER_KIND})
     UNION ALL
     (SELECT 'category', k.name, NULL, k.slug FROM categories k
       WHERE k.business_count > 0 AND ${CATEGORY_MATCHES}
       ORDER BY k.business_count DESC LIMIT ${SUGGEST_PER_KIND})
     UNION ALL
     (SELECT 'city', c.name, concat_ws(', ', nullif(c.state, ''), c.country), c.slug FROM cities c
       WHERE c.business_count > 0 AND c.alt_names LIKE '%|' || (SELECT rehber_fold(?))
       ORDER BY c.business_count DESC LIMIT ${SUGGEST_PER_KIND})
     UNION ALL
     (SELECT 'country', n.name, NULL, n.slug FROM countries n
       WHERE n.business_count > 0 AND n.folded_name LIKE (SELECT rehber_fold(?))
       ORDER BY n.business_count DESC LIMIT ${SUGGEST_PER_KIND})`,
};

/** A suggestion as read: its kind, label, detail (a city's state and country) and slug. */
export interface SuggestionRow {
  kind: Suggestion['kind'];
  label: string;
  detail: string | null;
  slug: string;
}

/**
 * The words as a tsquery text of name words, the last one a prefix ('dogan' & 'kahve':*), or
 * null when the last word is too short to be looked up as the start of a word.
 */
function nameWords(ws: string[]): string | null {
  if (!ws.length || ws[ws.length - 1].length < WORD_PREFIX_MIN) return null;
  return ws.map((w, i) => `'${w.replace(/'/g, "''")}'${i === ws.length - 1 ? ':*' : ''}`).join(' & ');
}

/** The suggestion statement and its bindings for the words `ws` (as typed). */
export function suggestionStatement(ws: string[]): { sql: string; bindings: (string | null)[] } {
  const typed = ws.join(' ');
  const starts = `${escapeLike(typed)}%`;
  return { sql: SUGGEST.sql, bindings: [typed, typed, nameWords(ws), starts, starts, starts, starts, starts, starts] };
}

/** Up to SUGGEST_PER_KIND suggestions of each kind for the words `ws` (as typed). */
export async function suggestionRows(db: Db | Knex.Transaction, ws: string[]): Promise<SuggestionRow[]> {
  const { sql, bindings } = suggestionStatement(ws);
  const { rows } = await db.raw(sql, bindings).options({ name: SUGGEST.name });
  return rows;
}
