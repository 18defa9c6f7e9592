/**
 * Suggestions of the search boxes (GET /api/suggest?q=): businesses, categories, cities (by any
 * of their names) and countries whose folded name starts with the folded text ('cicek e' finds
 * 'Çiçek Evi'; a category or city also by a later word). One statement; the businesses arm is a
 * range scan of the folded-name index (migration 20261124J) that ranks at most a few dozen names;
 * categories and countries are matched by their names folded when written (20261130B).
 */
import type { Knex } from 'knex';
import type { Db } from '../index.js';
import { SUGGEST_PER_KIND, type Suggestion } from '../../domain/search.js';
import { escapeLike } from './like.js';

/** Name matches looked at before the best reviewed are kept. */
const BUSINESS_CANDIDATES = 50;

/**
 * One prepared statement (bound to the words typed, twice, then to them as a LIKE prefix, four
 * times): PostgreSQL plans it once per connection instead of at every keystroke (planning was
 * much of its work). A pattern is folded once, in its own subquery: a plan made for any words
 * would otherwise fold it again for each category, city and country it tests. The businesses' arm
 * is written as the range of the folded-name index (at or after the folded words, before them
 * followed by the last code point), which a plan made for any words can walk.
 */
const SUGGEST = {
  name: 'rehber_suggest',
  sql: `(SELECT 'business' AS kind, x.name AS label, ci.name AS detail, x.slug FROM
        (SELECT b.name, b.slug, b.city_id, b.review_count FROM businesses b
          WHERE b.is_active AND rehber_fold(b.name) COLLATE "C" >= rehber_fold(?) AND rehber_fold(b.name) COLLATE "C" < rehber_fold(?) || chr(1114111)
          ORDER BY rehber_fold(b.name) COLLATE "C" LIMIT ${BUSINESS_CANDIDATES}) x
        LEFT JOIN cities ci ON ci.id = x.city_id ORDER BY x.review_count DESC, x.name LIMIT ${SUGGEST_PER_KIND})
     UNION ALL
     (SELECT 'category', k.name, NULL, k.slug FROM categories k
       WHERE k.business_count > 0 AND (k.folded_name LIKE (SELECT rehber_fold(?)) OR k.folded_name LIKE '% ' || (SELECT rehber_fold(?)))
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

/** Up to SUGGEST_PER_KIND suggestions of each kind for the words `typed` (joined by spaces). */
export async function suggestionRows(db: Db | Knex.Transaction, typed: string): Promise<SuggestionRow[]> {
  const starts = `${escapeLike(typed)}%`;
  const { rows } = await db.raw(SUGGEST.sql, [typed, typed, starts, starts, starts, starts]).options({ name: SUGGEST.name });
  return rows;
}
