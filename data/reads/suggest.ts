/** Suggestions of the search boxes (GET /api/suggest?q=): the typed text read as words, the rows of db/queries/suggest.ts as links. */
import type { Knex } from 'knex';
import type { Db } from '../../db/index.js';
import { slugPath } from '../../domain/paths.js';
import { SUGGEST_MIN_LENGTH, type Suggestion, type Suggestions } from '../../domain/search.js';
import { suggestionRows } from '../../db/queries/suggest.js';
import { words } from './query-reading.js';

const PAGE: Record<Suggestion['kind'], 'details' | 'category' | 'city' | 'country'> = {
  business: 'details', category: 'category', city: 'city', country: 'country',
};

export async function suggest(db: Db | Knex.Transaction, q: string): Promise<Suggestions> {
  const text = q.trim();
  const ws = words(text);
  if (text.length < SUGGEST_MIN_LENGTH || !ws.length) return { q, items: [] };
  const rows = await suggestionRows(db, ws);
  const items = rows.map((r) => ({
    kind: r.kind,
    label: r.label,
    ...(r.detail ? { detail: r.detail } : {}),
    path: slugPath(PAGE[r.kind], r.slug),
  }));
  return { q, items };
}
