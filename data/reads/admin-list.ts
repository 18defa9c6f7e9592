/**
 * The admin's list of businesses with its search: what the admin typed read as a search document
 * query, and that a search is broad kept per data version of the primary. The statements are
 * db/queries/admin-businesses.ts's.
 */
import type { Knex } from 'knex';
import type { Db } from '../../db/index.js';
import type { AdminBusinessList, AdminListFilters } from '../../domain/types.js';
import { adminListPage, ANCHOR_EVERY, broadSearchPage, listAnchors, wordsStartingWith, estimateBusinesses, estimateMatches, filteredAdminList, narrowSearchPage, newestId, SEARCH_COUNT_CAP, type AdminListOptions } from '../../db/queries/admin-businesses.js';
import { allOf, words } from './query-reading.js';
import { memoized, memoKey, small, type MemoScope } from './search-memo.js';
import { tsqueries } from './tsqueries.js';

/**
 * What an admin typed, as a search document query (the public search's design): every word, in
 * any part of the document (name, category, place, street address, description), the last one,
 * when of three letters or more, also as the start of a longer one ('plumb' finds 'Plumbing'; only
 * the last, as a prefix gathers every business of every word it starts). Null when the text has
 * no word.
 */
function adminQuery(search: string | undefined): string | null {
  const ws = words(search ?? '');
  if (!ws.length) return null;
  const last = ws[ws.length - 1];
  return allOf(ws, { prefix: last.length >= 3 && !/^\d+$/.test(last) });
}

/**
 * The whole list's anchors (listAnchors) for a page this deep, kept per data version in the memo of
 * small values: an OFFSET short of the first anchor passes fewer ids than reading them would, and
 * without a data version to key them by they would be read again for every page.
 */
async function anchorsFor(db: Db | Knex.Transaction, offset: number, scope: MemoScope | undefined): Promise<number[] | undefined> {
  if (offset < ANCHOR_EVERY || !scope) return undefined;
  return memoized(small(scope), memoKey('admin-matches', 'anchors'), () => listAnchors(db));
}

/** At most this many words of the vocabulary stand for a prefix; a prefix that starts more stays one. */
const PREFIX_WORDS = 64;

/** A prefix operand of a tsquery (`'plumb':*`, without weights), its lexeme quoted as in the text. */
const PREFIX_OPERAND = /'((?:[^']|'')+)':\*(?![A-D])/g;

/**
 * The tsquery with each prefix of three letters or more, without a digit, written as the words of
 * the vocabulary it starts ('plumb':* as 'plumb' | 'plumber' | 'plumbing'), each word and the
 * prefix's own lexeme: the index then finds each as a word, and a search of a rare word and a
 * common prefix reads only the few documents of the rare one (a prefix is read whole, every
 * document of every word it starts, before another word narrows it). A word with a digit or of
 * more than forty letters is not in the vocabulary: a prefix finds such a word only when it starts
 * more than PREFIX_WORDS others, and is then kept as a prefix. The words are read once per prefix
 * and data version.
 */
async function prefixesAsWords(db: Db | Knex.Transaction, match: string | null, scope: MemoScope | undefined): Promise<string | null> {
  if (match === null) return null;
  const unquote = (q: string) => q.replace(/''/g, "'");
  const prefixes = [...new Set([...match.matchAll(PREFIX_OPERAND)].map(([, quoted]) => unquote(quoted)))].filter((p) => [...p].length >= 3 && !/\d/.test(p));
  if (!prefixes.length) return match;
  const found = await Promise.all(
    prefixes.map((p) => memoized(small(scope), memoKey('admin-matches', `prefix|${p}`), async () => (await wordsStartingWith(db, [p], PREFIX_WORDS))[0])),
  );
  const words = new Map(prefixes.map((p, i) => [p, found[i]]));
  const quote = (w: string) => `'${w.replace(/'/g, "''")}'`;
  return match.replace(PREFIX_OPERAND, (operand, quoted: string) => {
    const prefix = unquote(quoted);
    const starts = words.get(prefix);
    return starts ? `( ${[...new Set([prefix, ...starts])].map(quote).join(' | ')} )` : operand;
  });
}

const hasFilters = (f: AdminListFilters | undefined) => !!f && Object.values(f).some((v) => v !== undefined && v !== '');

/**
 * A search the planner expects to have more matches than this many times the bound is broad
 * without counting them (the count reads every match the index holds up to the bound + 1; a
 * common word's posting list is most of that cost). The planner's estimate of a lexeme outside
 * its statistics is a guess of a few: such a search is counted.
 */
const SURELY_BROAD = 2;

/**
 * One page of the admin list (newest first) with the total for the pager. A search the planner
 * expects to be narrow reads the ids of its matches from the search document's index, at most
 * SEARCH_COUNT_CAP past the page: all of them found, the total is exact. A broad one (more, or
 * expected more than twice as many) reads its page by the cheaper of a walk of the newest businesses and
 * the index's bitmap, and its total is the planner's estimate, said as one ('about'). The
 * estimate, that a search is broad and a broad search's pages are kept per data version of the
 * primary; each step is a fixed statement: no plan depends on how busy the machine is.
 */
export async function listAdminBusinesses(db: Db | Knex.Transaction, options: AdminListOptions, scope?: MemoScope): Promise<AdminBusinessList> {
  return (await readList(db, options, scope)).list;
}

/**
 * The admin list's answer as the JSON bytes it is sent as. A broad search's page, kept per data
 * version, is kept as its bytes too: a repeated one is sent without building its text again (the
 * text of fifty rows, made for every request, was most of what such a request allocated).
 */
export async function adminBusinessesJson(db: Db | Knex.Transaction, options: AdminListOptions, scope?: MemoScope): Promise<Buffer> {
  const { list, kept } = await readList(db, options, scope);
  const bytes = async () => Buffer.from(JSON.stringify(list));
  return kept ? memoized(scope, `${kept}|bytes`, bytes) : bytes();
}

/** The list's page, and the memo key it is kept under when it is kept (a broad search's page). */
async function readList(db: Db | Knex.Transaction, options: AdminListOptions, scope?: MemoScope): Promise<{ list: AdminBusinessList; kept?: string }> {
  const { page, limit } = options;
  const text = adminQuery(options.search);
  // Memo keys name the words as typed; the statements bind the tsquery they stand for.
  const query = text === null ? null : { text, match: await prefixesAsWords(db, (await tsqueries(db, [text], scope))[0], scope) };
  if (hasFilters(options.filters) || (options.sort && options.sort.by !== 'newest')) return { list: await filteredAdminList(db, options, query) };
  if (!query) return { list: await adminListPage(db, page, limit, await anchorsFor(db, (page - 1) * limit, scope)) };
  const enough = (page - 1) * limit + SEARCH_COUNT_CAP;
  const [matches, businesses] = await Promise.all([
    // Small values, in the memo of small values: they crowd out no kept set there.
    memoized(small(scope), memoKey('admin-matches', `estimate|${query.text}`), () => estimateMatches(db, query.match)),
    memoized(small(scope), memoKey('admin-matches', 'businesses'), () => estimateBusinesses(db)),
  ]);
  const estimated = { matches, businesses };
  if (estimated.matches <= SURELY_BROAD * enough) {
    // That a search is broad holds until a write says otherwise; a narrow one is read again.
    const narrow = await memoized(small(scope), memoKey('admin-matches', `${query.text}|${enough}`), () => narrowSearchPage(db, page, limit, query.match), (found) => found === null);
    if (narrow) return { list: narrow };
  }
  const kept = memoKey('admin-matches', `page|${query.text}|${page}|${limit}`);
  const read = async () => {
    // The newest id bounds a window of the newest; kept for the data version like the estimate.
    const newest = await memoized(small(scope), memoKey('admin-matches', 'newest'), () => newestId(db));
    return broadSearchPage(db, page, limit, query.match, estimated, enough + 1, newest);
  };
  return { list: await memoized(scope, kept, read), kept };
}
