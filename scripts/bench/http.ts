/**
 * HTTP figures: requests/s, p50 and p99 latency of the business detail,
 * the public search (broad word, narrow name, with a location, what and where in one box, with a
 * typo), suggestions, the admin list search (broad and narrow) and a big city's page 1 and page
 * 300 on 1,000,000 businesses, under CONNECTIONS concurrent clients, each beside the yardsticks
 * served by the same server process: a bare Koa route, and the yardstick (load-cases.ts: a bare
 * Koa + pg route reading one business by slug with its category and city, measured before the
 * cases and after them; each ratio is to the mean of its two runs). Every repeated public request carries a unique `n`
 * parameter, so the answer cache (keyed by URL) never answers it, though the read service's memos
 * (a word's candidates) do.
 * Beside each repeated case, its long tail: requests drawn from thousands of distinct ones (words
 * × places, 50,000 businesses, every city and page: long-tail.ts), as most of a directory's
 * visitors ask, each asked once before any a second time. Each case reports how many lookups of the answer cache and of the memos hit.
 * Then the relevance check (relevance.ts): best-rated businesses named for broad words, imported
 * last, and whether each is on page 1 of its word.
 * The server runs in a child process; the load comes from a small keep-alive loopback generator
 * in this one, so the two do not share an event loop. BENCH_HTTP_ONLY=<parts of case names>
 * runs only those cases (each with its long tail); BENCH_HTTP_CPU_PROF=<dir> writes the server's
 * CPU profile; BENCH_HTTP_PG_STATS=<n> prints each case's n costliest statements (pg-stats.ts).
 */
import { createDb } from '../../db/index.js';
import { upsertUser } from '../../db/queries/users.js';
import type { BenchContext } from './context.js';
import { ensureBusinesses } from './export.js';
import { load, pick, signIn } from './http-load.js';
import { measured, reportBeside, sampleBusinesses, startYardstick, warmupOf, withCpu, type Measured, type Yardstick } from './load-cases.js';
import { adminListPages, cityDeepPages, cityFirstPages, PLACE_KINDS, prefixesOf, readLongTail, searches, WORD_KINDS } from './long-tail.js';
import { inTurn, oneBox, type MixedQuery } from './query-mix.js';
import { hitShare, startServer, type CacheCounts } from './server-child.js';
import { PLANTED_RATING, PLANTED_REVIEWS, relevanceCheck } from './relevance.js';
import { pgStats } from './pg-stats.js';

const DISTINCT_BUSINESSES = 50_000;

export async function run(ctx: BenchContext): Promise<void> {
  const rows = ctx.rows(1_000_000);
  await ensureBusinesses(ctx, rows);
  const samples = await sampleRequests(ctx.dbUrl);
  // 50,000 distinct businesses whatever the scale (all of a smaller directory): what keeps the
  // answer cache (5,000 answers) from serving a page twice is their count against the requests a
  // case makes in its run, not against the directory's size.
  const tail = await readLongTail(ctx.dbUrl, Math.min(rows, DISTINCT_BUSINESSES));
  await vacuumSearchTables(ctx.dbUrl);
  const server = await startServer(ctx.dbUrl);
  const statements = await pgStats(ctx.adminUrl);
  try {
    const cookie = await signIn(server.appUrl, samples.password);
    const bare = await load(server.bareUrl, () => '/', measured());
    ctx.report({ name: 'Bare Koa route', value: bare.rps, unit: 'req/s' });
    ctx.report({ name: 'Bare Koa route p99', value: bare.p99, unit: 'ms' });
    const yardstick = await startYardstick(ctx, server, samples.slugs);
    let n = 0;
    // A unique URL per request: the answer cache never serves it.
    const fresh = (path: string) => `${path}${path.includes('?') ? '&' : '?'}n=${++n}`;
    const q = (path: string, params: Record<string, string>) => fresh(`${path}?${new URLSearchParams(params)}`);
    // The long tail: each request drawn from a fixed list of distinct ones, asked in turn (no `n`:
    // the answer cache may serve a URL asked again, and the hit ratio beside it shows how often).
    const search = (path: string, list: MixedQuery[], toParams: (m: MixedQuery) => Record<string, string>) =>
      inTurn(list.map((m) => `${path}?${new URLSearchParams(toParams(m))}`));
    const located = (m: MixedQuery) => ({ q: m.q, location: m.location ?? '' });
    const admin = (m: MixedQuery) => ({ page: '1', limit: '50', search: oneBox(m) });
    const named = tail.businesses.map((b): MixedQuery => ({ kind: 'word', q: b.name }));
    const distinct = tail.businesses.length.toLocaleString('en-US');
    const cases: HttpCase[] = [
      ['Business detail', () => fresh(`/api/businesses/detail/${pick(samples.slugs)}`), {},
        [`Business detail, ${distinct} distinct businesses`, inTurn(tail.businesses.map((b) => `/api/businesses/detail/${b.slug}`))]],
      ['Business page (server-rendered HTML)', () => fresh(`/details/${pick(samples.slugs)}`), {},
        [`Business page (server-rendered HTML), ${distinct} distinct businesses`, inTurn(tail.businesses.map((b) => `/details/${b.slug}`))]],
      // The same 500 URLs over and over: after the first pass every answer comes from the data
      // version's answer cache (server/freshness/answer-cache.ts), as between two writes.
      ['Business detail, cache warm', () => `/api/businesses/detail/${pick(samples.slugs)}`, {}],
      ['Business page, cache warm', () => `/details/${pick(samples.slugs)}`, {}],
      // The same, as a browser asks (every browser accepts brotli): the answer cache keeps each
      // answer's compressed copy, so what it costs is a copy sent, not a compression.
      ['Business detail, cache warm, browser Accept-Encoding', () => `/api/businesses/detail/${pick(samples.slugs)}`, BROWSER],
      ['Business page, cache warm, browser Accept-Encoding', () => `/details/${pick(samples.slugs)}`, BROWSER],
      ['Search, broad word', () => q('/api/search', { q: pick(BROAD) }), {},
        ['Search, distinct words (a word, with a category, two words)', search('/api/search', searches(tail, WORD_KINDS, 1), (m) => ({ q: m.q }))]],
      ['Search, narrow name', () => q('/api/search', { q: pick(samples.names) }), {},
        [`Search, ${distinct} distinct names`, search('/api/search', named, (m) => ({ q: m.q }))]],
      ['Search with location', () => q('/api/search', { q: pick(BROAD), location: pick(LOCATIONS) }), {},
        ['Search with location, distinct words × places (city, district, country)', search('/api/search', searches(tail, PLACE_KINDS, 2), located)]],
      ['Search, what and where in one box', () => q('/api/search', { q: pick(ONE_BOX) }), {},
        ['Search, what and where in one box, distinct words × places', search('/api/search', searches(tail, PLACE_KINDS, 3), (m) => ({ q: oneBox(m) }))]],
      ['Search with a typo', () => q('/api/search', { q: pick(TYPOS) }), {},
        ['Search with a typo, distinct typos (a word alone or beside another)', search('/api/search', searches(tail, ['typo'], 4), (m) => ({ q: m.q }))]],
      ['Suggestions', () => q('/api/suggest', { q: pick(samples.prefixes) }), {},
        ['Suggestions, distinct prefixes of names', inTurn(prefixesOf(tail).map((p) => `/api/suggest?${new URLSearchParams({ q: p })}`))]],
      ['Big city, page 1', () => fresh(`/api/cities/${samples.bigCity}/businesses?page=1`), {},
        [`City page 1, ${tail.cities.length.toLocaleString('en-US')} distinct cities`, inTurn(cityFirstPages(tail))]],
      ['Big city, page 300', () => fresh(`/api/cities/${samples.bigCity}/businesses?page=300`), {},
        ['Big cities, distinct pages past the first (100 biggest cities)', inTurn(cityDeepPages(tail))]],
      // Filters no listing index carries, which nothing passes in the generated million (every
      // business has a phone, none is verified): answered from the kept counts, never walked
      // (docs/performance.md, "A filter few pass"; walked, each took 6-8 s).
      ['Filter nothing passes (without a phone), the whole directory, pages 1-400', () => fresh(`/api/search?hasPhone=false&page=${1 + Math.floor(Math.random() * 400)}`), {},
        [`Filter nothing passes (verified), ${tail.cities.length.toLocaleString('en-US')} distinct cities`, inTurn(cityFirstPages(tail).map((p) => `${p}&verified=true`))]],
      ['Admin search, broad', () => q('/api/admin/businesses', { page: '1', limit: '50', search: pick(BROAD) }), { cookie },
        ['Admin search, distinct words (a word, with a category, two words)', search('/api/admin/businesses', searches(tail, WORD_KINDS, 5), admin)]],
      ['Admin search, narrow', () => q('/api/admin/businesses', { page: '1', limit: '50', search: pick(samples.names) }), { cookie },
        [`Admin search, ${distinct} distinct names`, search('/api/admin/businesses', named, admin)]],
      ['Admin list, no search', () => `/api/admin/businesses?page=${1 + Math.floor(Math.random() * 100)}&limit=50`, { cookie },
        [`Admin list, no search, all ${tail.adminPages.toLocaleString('en-US')} pages`, inTurn(adminListPages(tail))]],
      ['Admin country stats', () => '/api/admin/country-stats', { cookie }],
    ];
    const only = process.env.BENCH_HTTP_ONLY?.split(',').map((s) => s.trim().toLowerCase());
    const rowsLabel = rows.toLocaleString('en-US');
    const summary: SummaryRow[] = [];
    const measure = async (name: string, next: () => string, headers: Record<string, string>) => {
      const before = await server.caches();
      await statements?.reset();
      const warmupMs = warmupOf(!summary.length);
      const r = await withCpu(server, () => load(server.appUrl, next, measured(headers, warmupMs)), warmupMs);
      const hits = hitRatios(before, await server.caches());
      await statements?.print(name);
      if (r.errors > 0) throw new Error(`${name}: ${r.errors} requests failed (first status ${r.firstBadStatus})`);
      summary.push({ name, result: r, ...hits });
    };
    // A part of a case's name runs it with its long-tail variant; a part of a variant's name runs the variant alone.
    const chosen = (name: string) => !only || only.some((o) => name.toLowerCase().includes(o));
    for (const [name, next, headers, variant] of cases) {
      const whole = chosen(name);
      if (whole) await measure(name, next, headers);
      if (variant && (whole || chosen(variant[0]))) await measure(variant[0], variant[1], headers);
    }
    const yard = await yardstick();
    for (const { name, result, answers, memos } of summary) {
      reportBeside(ctx, name, `${rowsLabel} businesses`, result, yard);
      if (answers !== undefined) ctx.report({ name: `${name}, answer cache hits`, value: answers, unit: '%' });
      if (memos !== undefined) ctx.report({ name: `${name}, search memo hits`, value: memos, unit: '%' });
    }
    if (!only || only.includes('relevance')) {
      for (const r of await relevanceCheck(ctx, server.appUrl)) {
        const where = r.location ? ` in ${r.location}` : '';
        ctx.report({ name: `Relevance: "${r.name}" (${PLANTED_RATING}, ${PLANTED_REVIEWS.toLocaleString('en-US')} reviews, imported last) on page 1 of "${r.query}"${where}`, value: r.position > 0 ? 1 : 0, unit: '(1 yes, 0 no)' });
        const first = r.first ? `${r.first.name} (${r.first.rating}, ${r.first.reviewCount} reviews)` : 'nothing';
        process.stdout.write(`  position ${r.position || 'not on page 1'}; total ${r.total.toLocaleString('en-US')}; first ${first}\n`);
      }
    }
    printSummary(summary, yard, rowsLabel);
  } finally {
    await statements?.stop();
    const peak = await server.stop();
    ctx.report({ name: 'HTTP server peak memory', value: peak, unit: 'MB', maxRssMb: peak });
  }
}

/** A case: its name, its next path, its headers, and its long-tail variant (name, next path). */
type HttpCase = [string, () => string, Record<string, string>, [string, () => string]?];

/** The share of cache lookups between two moments that found their entry, in %; undefined when none looked. */
function hitRatios(before: CacheCounts, after: CacheCounts): { answers?: number; memos?: number } {
  const ratio = (kind: keyof CacheCounts) => {
    const share = hitShare(before[kind], after[kind]);
    return share === undefined ? undefined : 100 * share;
  };
  return { answers: ratio('answers'), memos: ratio('memos') };
}

interface SummaryRow {
  name: string;
  result: Measured;
  answers?: number;
  memos?: number;
}

/** The run's HTTP figures as one table (for docs/performance.md), each beside the yardstick's two runs' means. */
function printSummary(rows: SummaryRow[], yard: Yardstick, size: string): void {
  const ms = (v: number) => (v >= 10 ? v.toFixed(0) : v.toFixed(1));
  const pct = (v?: number) => (v === undefined ? '–' : `${v.toFixed(0)}%`);
  const us = (v?: number) => (v === undefined ? '–' : Math.round(v).toLocaleString('en-US'));
  const lines = [
    `\n| case (${size} businesses, 32 connections) | req/s | vs bare | p50 ms | p99 ms | server CPU µs/request | PostgreSQL CPU µs/request | machine CPU µs/request | answer cache hits | search memo hits |`,
    '|---|---|---|---|---|---|---|---|---|---|',
    `| bare Koa + pg, one business by slug (mean of two runs) | ${Math.round(yard.rps)} | 1× | ${ms(yard.p50)} | ${ms(yard.p99)} | ${Math.round(yard.cpuUs)} | ${us(yard.pgUs)} | ${us(yard.machineUs)} | – | – |`,
    ...rows.map(({ name, result: r, answers, memos }) =>
      `| ${name} | ${Math.round(r.rps)} | ${(r.rps / yard.rps).toFixed(2)}× | ${ms(r.p50)} | ${ms(r.p99)} | ${Math.round(r.cpuUs)} | ${us(r.pgUs)} | ${us(r.machineUs)} | ${pct(answers)} | ${pct(memos)} |`),
  ];
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

/** What a browser sends. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * Words of the generated directory (scripts/bench/generate.ts) that match a tenth of it or more:
 * the two most common categories (a fifth and a tenth of a million businesses) and name words
 * (each is the first or second word of an eighth of the names).
 */
const BROAD = ['restaurant', 'plumber', 'golden', 'oak', 'ace', 'pine', 'north', 'delta'];
/** Own names, alternate names (Constantinople, Berlino: a city's lexeme), a state, a country. */
const LOCATIONS = ['istanbul', 'Berlin', 'Austin', 'paris', 'Constantinople', 'Berlino', 'TX', 'Türkiye'];
/** What and where typed in one box: places of several words, connectors, a plural respelt. */
const ONE_BOX = ['restaurant in new york', 'bakery sao paulo', 'dentist near rio de janeiro', 'los angeles plumber', 'cafe in hong kong',
  'hair salon buenos aires', 'restaurants in mexico city', 'locksmith saint petersburg'];
/** Misspelt categories: nothing matches, so each is a miss, a respelling and a second search. */
const TYPOS = ['restaurnt', 'plumbr', 'bakrey', 'florst', 'dentst', 'mechanik', 'locksmth', 'electrican'];

interface Samples {
  slugs: string[];
  names: string[];
  prefixes: string[];
  bigCity: string;
  password: string;
}

async function sampleRequests(dbUrl: string): Promise<Samples> {
  const db = createDb(dbUrl, { max: 1 });
  try {
    const password = 'bench password, not a secret';
    await upsertUser(db, 'bench', password);
    const sample = await sampleBusinesses(db);
    // What one types into a search box: the first letters of a name's first one or two words.
    const prefixes = sample.map((r) => r.name.split(' ')).map((w, i) => (i % 2 ? w[0].slice(0, 3) : `${w[0]} ${(w[1] ?? '').slice(0, 2)}`.trim()));
    const big = await db('cities').orderBy('business_count', 'desc').first('slug');
    return { slugs: sample.map((r) => r.slug), names: sample.map((r) => r.name), prefixes, bigCity: big.slug, password };
  } finally {
    await db.destroy();
  }
}

/**
 * The kept facet counts take one upsert per import batch (a hundred row versions each at a million
 * rows); autovacuum clears them within a minute of an import, here before measuring.
 */
async function vacuumSearchTables(dbUrl: string): Promise<void> {
  const db = createDb(dbUrl, { max: 1 });
  try {
    await db.raw('VACUUM ANALYZE business_facets, search_words');
  } finally {
    await db.destroy();
  }
}
