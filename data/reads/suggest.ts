/**
 * Suggestions of the search boxes (GET /api/suggest?q=): the typed text read as words, the rows of
 * db/queries/suggest.ts as links. When the text finds nothing, its words the vocabulary lacks are
 * respelt as the search respells them ('bakrey' → bakery) and that is suggested instead.
 */
import type { Knex } from 'knex';
import type { Db } from '../../db/index.js';
import { slugPath } from '../../domain/paths.js';
import { SUGGEST_MIN_LENGTH, type Suggestion, type Suggestions } from '../../domain/search.js';
import { suggestionRows } from '../../db/queries/suggest.js';
import { respelt, words } from './query-reading.js';
import type { MemoScope } from './search-memo.js';
import { readWords } from './tsqueries.js';

const PAGE: Record<Suggestion['kind'], 'details' | 'category' | 'city' | 'country'> = {
  business: 'details', category: 'category', city: 'city', country: 'country',
};

/** `scope`: the memos a respelling may use, asked for only when one is needed. */
export async function suggest(db: Db | Knex.Transaction, q: string, scope: () => Promise<MemoScope | undefined> = async () => undefined): Promise<Suggestions> {
  const text = q.trim();
  const ws = words(text);
  if (text.length < SUGGEST_MIN_LENGTH || !ws.length) return { q, items: [] };
  let rows = await suggestionRows(db, ws);
  if (!rows.length) {
    // Only a text that finds nothing pays for the respelling (a walk of the vocabulary's trigrams,
    // kept per word and data version).
    const other = respelt(ws, (await readWords(db, ws, await scope())).map((r) => r?.nearest));
    if (other) rows = await suggestionRows(db, other);
  }
  const items = rows.map((r) => ({
    kind: r.kind,
    label: r.label,
    ...(r.detail ? { detail: r.detail } : {}),
    path: slugPath(PAGE[r.kind], r.slug),
  }));
  return { q, items };
}
