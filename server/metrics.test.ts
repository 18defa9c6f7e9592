import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../db/test-db.js';
import { startServerProcess, type ServerProcess } from './server-process.fixtures.js';
import { hasPromtool, promtoolCheck, samples, total, type Sample } from './metrics.fixtures.js';
import { signIn } from './test-login.js';

const PASSWORD = 'a long enough password';
const thrice = (path: string) => [path, path, path];

/** The real server process (server/main.ts) with METRICS_PORT, scraped after visits and an import. */
describe('/metrics of a running server', () => {
  let t: TestDb;
  let run: ServerProcess;
  let url: string;
  let metricsUrl: string;
  let text: string;
  let all: Sample[];

  beforeAll(async () => {
    t = await createTestDb();
    run = startServerProcess({
      PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: t.url, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: PASSWORD, METRICS_PORT: '0',
    });
    url = await run.serving;
    metricsUrl = /rehber serves metrics on (\S+)/.exec(run.stdout())![1];

    const { slug } = await t.db('businesses').first('slug');
    // Each public read three times: kept the second, served from the answer cache the third.
    for (const path of [...thrice('/api/businesses/recent'), `/api/businesses/detail/${slug}`, '/api/businesses/detail/no-such-business', ...thrice(`/details/${slug}`), '/search?q=cafe', '/no/such/page']) {
      await (await fetch(`${url}${path}`)).arrayBuffer();
    }
    const cookie = await signIn(url, 'admin', PASSWORD);
    const csv = ['name,category,full_address,city,country,place_id', 'Metric Cafe,Cafe,1 Main St,Austin,US,MET1', 'Metric Bakery,Bakery,2 Main St,Austin,US,MET2', 'Metric Books,Bookshop,3 Main St,Austin,US,MET3'].join('\n');
    const imported = await fetch(`${url}/api/admin/import`, { method: 'POST', headers: { cookie, origin: url, 'content-type': 'application/json' }, body: JSON.stringify({ csvData: csv }) });
    expect(imported.status).toBe(200);

    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    text = await res.text();
    all = samples(text);
  }, 180_000);

  afterAll(async () => {
    await run?.stop();
    await t?.drop();
  });

  it('counts requests by route template and status, never by their URL, with their latency', async () => {
    expect(total(all, 'rehber_http_requests_total', { method: 'GET', route: '/api/businesses/recent', status: '200' })).toBe(3);
    expect(total(all, 'rehber_http_requests_total', { method: 'GET', route: '/details/:slug', status: '200' })).toBe(3);
    expect(total(all, 'rehber_http_requests_total', { method: 'POST', route: '/api/admin/import', status: '200' })).toBe(1);
    expect(total(all, 'rehber_http_requests_total', { method: 'GET', route: '/api/businesses/detail/:slug', status: '200' })).toBe(1);
    expect(total(all, 'rehber_http_requests_total', { method: 'GET', route: '/api/businesses/detail/:slug', status: '404' })).toBe(1);
    expect(total(all, 'rehber_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(total(all, 'rehber_http_request_duration_seconds_count', { method: 'GET', route: '/search' })).toBe(1);
    expect(total(all, 'rehber_http_request_duration_seconds_bucket', { method: 'GET', route: '/search', le: '+Inf' })).toBe(1);
    const routes = new Set(all.filter((s) => s.name === 'rehber_http_requests_total').map((s) => s.labels.route));
    for (const route of routes) expect(route).not.toMatch(/cafe|no-such|no\/such/);
  });

  it('shows the caches, the data version, the pool, the imports, the photo queue and the process', () => {
    expect(total(all, 'rehber_cache_hits_total', { cache: 'answers' })).toBeGreaterThanOrEqual(2);
    expect(total(all, 'rehber_cache_misses_total', { cache: 'answers' })).toBeGreaterThan(0);
    expect(total(all, 'rehber_cache_entries', { cache: 'answers' })).toBeGreaterThan(0);
    expect(total(all, 'rehber_cache_bytes', { cache: 'answers' })).toBeGreaterThan(0);
    for (const cache of ['search memo', 'small memo']) expect(all.some((s) => s.name === 'rehber_cache_misses_total' && s.labels.cache === cache), cache).toBe(true);
    expect(total(all, 'rehber_cache_max_bytes', { cache: 'answers' })).toBeGreaterThan(0);
    expect(total(all, 'rehber_data_version')).toBeGreaterThan(0);
    expect(all.find((s) => s.name === 'rehber_data_version_age_seconds')?.value).toBeGreaterThanOrEqual(0);
    expect(total(all, 'rehber_db_pool_max', { pool: 'primary' })).toBe(10);
    expect(all.some((s) => s.name === 'rehber_db_pool_used' && s.labels.pool === 'primary')).toBe(true);
    expect(total(all, 'rehber_db_pool_acquire_seconds_count', { pool: 'primary' })).toBeGreaterThan(0);
    expect(total(all, 'rehber_public_reads_running')).toBe(0);
    expect(total(all, 'rehber_public_reads_waiting')).toBe(0);
    expect(total(all, 'rehber_public_reads_turned_away_total')).toBe(0);
    for (const name of ['rehber_public_reads_waited_total', 'rehber_public_read_wait_seconds_total']) expect(all.some((s) => s.name === name), name).toBe(true);
    expect(total(all, 'rehber_imports_running')).toBe(0);
    expect(total(all, 'rehber_import_rows_total')).toBe(3);
    expect(all.some((s) => s.name === 'rehber_photos_in_progress')).toBe(true);
    expect(all.some((s) => s.name === 'rehber_photo_failures_total')).toBe(true);
    expect(total(all, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(all.some((s) => s.name === 'nodejs_eventloop_lag_p99_seconds')).toBe(true);
  });

  it.skipIf(!hasPromtool())('passes `promtool check metrics`: it parses, and the names rehber chose pass its lint', () => {
    const { status, output } = promtoolCheck(text);
    // 3: lint advice only. prom-client's default gauges nodejs_active_{handles,requests,resources}_total
    // draw "non-counter metrics should not have "_total" suffix"; that is the library's naming.
    expect([0, 3]).toContain(status);
    const advice = output.split('\n').filter(Boolean);
    expect(advice.filter((line) => !/^nodejs_active_\w+_total non-counter metrics should not have "_total" suffix$/.test(line))).toEqual([]);
  });

  it('has no series twice (which promtool does not check)', () => {
    const keys = all.map((s) => `${s.name}${JSON.stringify(Object.entries(s.labels).sort())}`);
    expect(keys.length).toBe(new Set(keys).size);
  });
  if (!hasPromtool()) console.warn('promtool is not installed (Debian package "prometheus"): the exposition is not checked by promtool');

  it('is not served on the public port', async () => {
    for (const path of ['/metrics', '/metrics/']) {
      const res = await fetch(`${url}${path}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('rehber_http_requests_total');
    }
    // The metrics listener serves nothing else.
    expect((await fetch(new URL('/', metricsUrl))).status).toBe(404);
  });
});
