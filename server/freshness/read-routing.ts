/**
 * Which database a request reads from, when there is a read replica (DATABASE_REPLICA_URL).
 *
 * Public reads go to the replica; the admin routers, the session store, the CLI and every write
 * use the primary. A client that writes must see its write at once, though the replica replays it
 * a little later. Only a signed-in admin writes over HTTP, so "a client that writes" is a request
 * carrying the admin session cookie: its public reads (the site's pages and public API, which an
 * admin opens to check an edit) also go to the primary, and are cached by the primary's version.
 * The cookie is not checked here (that would cost the primary a query per request): a forged one
 * only sends that request's public reads to the primary, which holds the same public data.
 *
 * A replica that stops answering sends public reads to the primary until it answers again
 * (data-version.ts reads its version row at least every 5 s).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context, Middleware } from 'koa';
import type { DataVersion } from './data-version.js';
import type { AppDeps } from '../deps.js';
import { confirmReads, newReadTrace, readWhole, type MemoScope, type ReadTrace } from '../../data/reads/search-memo.js';
import { publicReads, type ReadService } from '../../data/reads/public-reads.js';
import { SESSION_COOKIE } from '../middleware/session.js';
import { keepOutOfCaches } from './http-cache.js';
import { dependsOn } from './dependencies.js';
import { readDataVersion } from '../../db/data-version.js';

const FROM_PRIMARY = 'rehber.readsFromPrimary';

/** Decides once per request, before the cache and the routes, so both agree. */
export function readRouting(dataVersion: DataVersion): Middleware {
  return async (ctx, next) => {
    ctx.state[FROM_PRIMARY] = Boolean(ctx.cookies.get(SESSION_COOKIE)) || !dataVersion.replicaAnswers;
    await next();
  };
}

export const readsFromPrimary = (ctx: Pick<Context, 'state'>): boolean => ctx.state[FROM_PRIMARY] === true;

/** The data version a request reads at: the primary's, or the one its replica has replayed. */
export const readVersion = (dataVersion: DataVersion, ctx: Pick<Context, 'state'>) => (readsFromPrimary(ctx) ? dataVersion.current() : dataVersion.readable());

/** What a request's search and list reads may keep: the memos of the database it reads, at the version it reads (none while the version is unknown). */
export async function memoScope({ dataVersion, memos }: Pick<AppDeps, 'dataVersion' | 'memos'>, ctx: Pick<Context, 'state'>, trace?: ReadTrace): Promise<MemoScope | undefined> {
  const v = await readVersion(dataVersion, ctx);
  if (trace && v) trace.version = v.version;
  return v ? { ...memos, version: v.version, trace } : undefined;
}

/** One middleware built twice, over the primary and over the replica: each request runs the one it reads from. */
export function byReader<C extends Pick<Context, 'state'>, N, R>(primary: (ctx: C, next: N) => R, replica: (ctx: C, next: N) => R): (ctx: C, next: N) => R {
  return (ctx, next) => (readsFromPrimary(ctx) ? primary : replica)(ctx, next);
}

const READS = 'rehber.reads';

/**
 * The request's public reads (data/reads/public-reads.ts): made once per request, from the
 * database these deps read and the memos of its version, each noting what the answer shows
 * (dependencies.ts). Without a data version (a test's bare
 * page middleware) nothing is kept between requests. The API's routes read with these; a page
 * view with pageReads.
 */
export function requestReads(deps: ReadingDeps, ctx: Pick<Context, 'state'>): ReadService {
  return requestReading(deps, ctx, false).reads;
}

/** The reads of a server-rendered page view: as requestReads, and a business comes with its neighbours (ReadOptions.page). */
export function pageReads(deps: ReadingDeps, ctx: Pick<Context, 'state'>): ReadService {
  return requestReading(deps, ctx, true).reads;
}

type ReadingDeps = Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'dataVersion' | 'memos' | 'config' | 'clock'>>;

/** The database as the request's reads use it (every statement an answer sends counts, this one's or not: countStatements). */
export function requestDb(deps: Pick<AppDeps, 'db'>, _ctx?: Pick<Context, 'state'>): AppDeps['db'] {
  // The database itself: its statements are counted where they are sent, so no request's view of it is needed.
  return deps.db;
}

/** A request's reads, the database as they use it and what they did. */
interface Reading {
  of: AppDeps['db'];
  /** Made by pageReads. */
  page: boolean;
  reads: ReadService;
  trace: ReadTrace;
}

function requestReading(deps: ReadingDeps, ctx: Pick<Context, 'state'>, page: boolean): Reading {
  const kept = ctx.state[READS] as Reading | undefined;
  if (kept?.of === deps.db) {
    // A request is a page view or an API call: reads kept as the one would answer the other wrongly.
    if (kept.page !== page) throw new Error(`this request's reads were made for ${kept.page ? 'a page view' : 'the API'}`);
    return kept;
  }
  const { db, dataVersion, memos } = deps;
  const trace = newReadTrace();
  const reads = publicReads(db, async () => (dataVersion && memos ? memoScope({ dataVersion, memos }, ctx, trace) : undefined), {
    cityCategoryMin: deps.config?.cityCategoryMin,
    now: deps.clock?.(),
    shown: (keys) => dependsOn(ctx, keys),
    page,
  });
  const reading: Reading = { of: db, page, reads, trace };
  ctx.state[READS] = reading;
  return reading;
}

/** The statements sent so far by the answer being read in this async context (wholeAnswer). */
const answering = new AsyncLocalStorage<{ statements: number }>();
const counting = new WeakSet<AppDeps['db']>();

/**
 * Counts every statement `db` sends for the answer being read when it is sent (knex's query event,
 * a transaction's included), whoever holds `db`: a read that kept the database itself rather than
 * the request's is counted all the same, so no statement can go unchecked. Once per database.
 */
export function countStatements(db: AppDeps['db']): void {
  if (counting.has(db)) return;
  counting.add(db);
  db.on('query', () => {
    const sent = answering.getStore();
    if (sent) sent.statements++;
  });
}

/** Reads of an answer again after a write landed among them; past these the last is sent, kept by no cache. */
const WHOLE_TRIES = 3;

/**
 * `answer` (made of the request's reads) as the data stood at one version. Its statements and the
 * memos it takes from run one after another, and a write may commit between them: without a check
 * a list read after the commit could come with a row the memo kept from before it (an open-now
 * list with a business whose hours say closed), or a count from one side and the items from the
 * other. Nothing tells this process of a commit at once (the notification follows it), so the
 * database's version is read after the answer: unchanged from the one the reads began at, every
 * statement saw that version and every memo entry was read at it; moved, the version is read now
 * and the answer read again at the new one, from new memos.
 */
export async function wholeAnswer<T>(deps: Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'dataVersion'>>, ctx: Pick<Context, 'state'>, answer: () => Promise<T>): Promise<T> {
  const { dataVersion } = deps;
  countStatements(deps.db);
  for (let tries = 1; ; tries++) {
    const before = dataVersion ? await readVersion(dataVersion, ctx) : null;
    // Every statement sent on the answer's behalf, through whichever database it was sent.
    const sent = { statements: 0 };
    const result = await answering.run(sent, answer);
    if (!dataVersion || !before) return result;
    // Made of kept values confirmed at one version and statements that saw that version: nothing
    // to check (a page asked again in a version sends no statement at all, a business read for the
    // first time the one that reads it, with its neighbours a second).
    const reading = ctx.state[READS] as Reading | undefined;
    if (reading && readWhole(reading.trace, sent.statements)) {
      confirmReads(reading.trace);
      return result;
    }
    const after = await readDataVersion(deps.db).catch(() => null);
    if (after?.version === before.version) {
      if (reading) confirmReads(reading.trace);
      return result;
    }
    if (tries === WHOLE_TRIES) {
      keepOutOfCaches(ctx);
      return result;
    }
    await dataVersion.refresh();
    // Read again from nothing: the request's reads keep what they read once (read-routing.ts requestReads).
    ctx.state[READS] = undefined;
  }
}
