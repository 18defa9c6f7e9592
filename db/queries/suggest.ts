/**
 * Suggestions of the search boxes (GET /api/suggest?q=): businesses, categories, cities (by any
 * of their names) and countries whose folded name starts with the folded text ('cicek e' finds
 * 'Çiçek Evi'; a category or city also by a later word). One statement; the businesses arm is a
 * range scan of the folded-name index (migration 20261124J) that ranks at most a few dozen names;
 * categories and countries are matched by their names folded when written (20261130B).
 */
import type { Knex } from 'knex';
import type { Db } from '../index.js';
import { slugPath } from '../../data/domain/paths.js';
import { SUGGEST_MIN_LENGTH, SUGGEST_PER_KIND, type Suggestion, type Suggestions } from '../../data/domain/search.js';
import { escapeLike } from './like.js';
import { words } from './search-query.js';

/** Name matches looked at before the best reviewed are kept. */
const BUSINESS_CANDIDATES = 50;

const PAGE: Record<Suggestion['kind'], 'details' | 'category' | 'city' | 'country'> = {
  business: 'details', category: 'category', city: 'city', country: 'country',
};

export async function suggest(db: Db | Knex.Transaction, q: string): Promise<Suggestions> {
  const text = q.trim();
  const ws = words(text);
  if (text.length < SUGGEST_MIN_LENGTH || !ws.length) return { q, items: [] };
  const starts = `${escapeLike(ws.join(' '))}%`;
  const { rows } = await db.raw(
    `(SELECT 'business' AS kind, x.name AS label, ci.name AS detail, x.slug FROM
        (SELECT b.name, b.slug, b.city_id, b.review_count FROM businesses b
          WHERE b.is_active AND rehber_fold(b.name) COLLATE "C" LIKE rehber_fold(?)
          ORDER BY rehber_fold(b.name) COLLATE "C" LIMIT ${BUSINESS_CANDIDATES}) x
        LEFT JOIN cities ci ON ci.id = x.city_id ORDER BY x.review_count DESC, x.name LIMIT ${SUGGEST_PER_KIND})
     UNION ALL
     (SELECT 'category', k.name, NULL, k.slug FROM categories k
       WHERE k.business_count > 0 AND (k.folded_name LIKE rehber_fold(?) OR k.folded_name LIKE '% ' || rehber_fold(?))
       ORDER BY k.business_count DESC LIMIT ${SUGGEST_PER_KIND})
     UNION ALL
     (SELECT 'city', c.name, concat_ws(', ', nullif(c.state, ''), c.country), c.slug FROM cities c
       WHERE c.business_count > 0 AND c.alt_names LIKE '%|' || rehber_fold(?)
       ORDER BY c.business_count DESC LIMIT ${SUGGEST_PER_KIND})
     UNION ALL
     (SELECT 'country', n.name, NULL, n.slug FROM countries n
       WHERE n.business_count > 0 AND n.folded_name LIKE rehber_fold(?)
       ORDER BY n.business_count DESC LIMIT ${SUGGEST_PER_KIND})`,
    [starts, starts, starts, starts, starts],
  );
  const items = rows.map((r: { kind: Suggestion['kind']; label: string; detail: string | null; slug: string }) => ({
    kind: r.kind,
    label: r.label,
    ...(r.detail ? { detail: r.detail } : {}),
    path: slugPath(PAGE[r.kind], r.slug),
  }));
  return { q, items };
}
