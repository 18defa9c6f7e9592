/**
 * What /metrics shows Prometheus (docs/operations.md), through prom-client. Besides the requests,
 * which the middleware counts as they pass, every figure is read from the state it describes at
 * the moment of the scrape (the caches, the data version, the pools, the imports, the photo
 * queue), so nothing else in the code keeps counters for it. One registry per app: tests run many
 * apps in one process, and each scrape shows its own app's requests and pools.
 */
import http from 'node:http';
import type { Middleware } from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/index.js';
import { cacheStats, type CacheStats } from '../domain/bounded-cache.js';
import { importActivity } from '../data/import/import-worker.js';
import { photoQueueStats } from '../data/photos/photo-store.js';
import type { DataVersion } from './freshness/data-version.js';
import type { ReadQueue } from './middleware/read-queue.js';
import { cacheControl } from './freshness/cache-control.js';
import { listenOn } from './listen-on.js';
import { requestMetrics, type RequestMetricsOptions } from './middleware/metrics.js';

export interface Metrics {
  registry: Registry;
  /** Counts and times each request (mounted beside the request logger). */
  requests: Middleware;
}

export interface MetricsSources extends RequestMetricsOptions {
  db: Db;
  /** The replica's pool when there is one. */
  readDb?: Db;
  dataVersion: DataVersion;
  /** The public reads' turns (server/middleware/read-queue.ts). */
  reads: ReadQueue;
}

/** Request durations from a millisecond (an answer from memory) to the 20 s a shutdown waits. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20];
/** How long a query waited for a connection of the pool (0 when one was free). */
const ACQUIRE_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 30];

export function createMetrics({ db, readDb, dataVersion, reads, ...requestOptions }: MetricsSources): Metrics {
  const registry = new Registry();
  // Process memory, CPU, heap, handles and the event loop's delay (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({ name: 'rehber_http_requests_total', help: 'Requests answered, by method, route template and status', labelNames: ['method', 'route', 'status'] as const, registers: [registry] });
  const duration = new Histogram({ name: 'rehber_http_request_duration_seconds', help: 'Time until the answer was ready, by method and route template', labelNames: ['method', 'route'] as const, buckets: DURATION_BUCKETS, registers: [registry] });
  const publicReads = readDb
    ? new Counter({ name: 'rehber_public_reads_total', help: 'Public reads by the database they were routed to (replica, or primary for a signed-in admin or a lagging replica)', labelNames: ['database'] as const, registers: [registry] })
    : undefined;

  cacheMetrics(registry);
  dataVersionMetrics(registry, dataVersion, Boolean(readDb));
  const pools: [string, Db][] = readDb ? [['primary', db], ['replica', readDb]] : [['primary', db]];
  poolMetrics(registry, pools);
  readQueueMetrics(registry, reads);
  workMetrics(registry);
  return { registry, requests: requestMetrics({ requests, duration, publicReads }, requestOptions) };
}

/** The caches of cacheStats(): the answer cache, the search and small memos, the photo owners. */
function cacheMetrics(registry: Registry): void {
  // Caches of one name (a memo per database with a replica) are added up: one series per name.
  const byName = () => {
    const sums = new Map<string, CacheStats>();
    for (const s of cacheStats()) {
      const sum = sums.get(s.name);
      if (!sum) sums.set(s.name, { ...s });
      else for (const k of ['entries', 'bytes', 'hits', 'misses', 'maxEntries', 'maxBytes'] as const) sum[k] += s[k];
    }
    return [...sums.values()];
  };
  const gauge = (name: string, help: string, value: (s: CacheStats) => number) =>
    new Gauge({
      name, help, labelNames: ['cache'] as const, registers: [registry],
      collect() {
        this.reset();
        for (const s of byName()) this.set({ cache: s.name }, value(s));
      },
    });
  // A counter read from the caches' own: set to their sum at each scrape.
  const counter = (name: string, help: string, value: (s: CacheStats) => number) =>
    new Counter({
      name, help, labelNames: ['cache'] as const, registers: [registry],
      collect() {
        this.reset();
        for (const s of byName()) this.inc({ cache: s.name }, value(s));
      },
    });
  gauge('rehber_cache_entries', 'Entries kept in each in-memory cache', (s) => s.entries);
  gauge('rehber_cache_bytes', 'Bytes each in-memory cache holds (an upper estimate, keys included)', (s) => s.bytes);
  gauge('rehber_cache_max_entries', 'The entry bound of each in-memory cache', (s) => s.maxEntries);
  gauge('rehber_cache_max_bytes', 'The byte bound of each in-memory cache', (s) => s.maxBytes);
  counter('rehber_cache_hits_total', 'Lookups that found their entry, by cache', (s) => s.hits);
  counter('rehber_cache_misses_total', 'Lookups that did not find their entry, by cache', (s) => s.misses);
}

function dataVersionMetrics(registry: Registry, dataVersion: DataVersion, replicated: boolean): void {
  // Asks for the version first, as a request would: a scrape before any visit starts the watch.
  const snapshot = async () => {
    await dataVersion.current();
    return dataVersion.snapshot;
  };
  const gauge = (name: string, help: string, value: (s: DataVersion['snapshot']) => number | null | undefined) =>
    new Gauge({
      name, help, registers: [registry],
      async collect() {
        const v = value(await snapshot());
        this.reset();
        if (v !== null && v !== undefined) this.set(v);
      },
    });
  gauge('rehber_data_version', 'The data version on the primary (moves with every committed write)', (s) => s.primary && Number(s.primary.version));
  gauge('rehber_data_version_age_seconds', 'Seconds since the data version last moved (the last write)', (s) => s.primary && (Date.now() - s.primary.changedAt.getTime()) / 1000);
  if (!replicated) return;
  gauge('rehber_replica_data_version', 'The data version the replica has replayed', (s) => s.readable && Number(s.readable.version));
  gauge('rehber_replica_lag_seconds', 'How long the oldest write heard of has waited for the replica to replay it (0 when caught up)', (s) => s.replicaLagMs !== null ? s.replicaLagMs / 1000 : null);
  new Gauge({
    name: 'rehber_replica_in_use', help: '1 while public reads go to the replica, 0 while it is bypassed (lagging or not answering)', registers: [registry],
    collect() {
      this.set(dataVersion.replicaAnswers ? 1 : 0);
    },
  });
}

/** The public reads running, waiting their turn, and turned away with a 503 because too many waited. */
function readQueueMetrics(registry: Registry, reads: ReadQueue): void {
  const gauge = (name: string, help: string, value: (s: ReturnType<ReadQueue['stats']>) => number) =>
    new Gauge({ name, help, registers: [registry], collect() { this.set(value(reads.stats())); } });
  gauge('rehber_public_reads_running', 'Public reads the kept answers did not serve, running now (at most READ_CONCURRENCY)', (s) => s.running);
  gauge('rehber_public_reads_waiting', 'Public reads waiting their turn now', (s) => s.waiting);
  // Counters read from the line's own: set to its figures at each scrape.
  const counter = (name: string, help: string, value: (s: ReturnType<ReadQueue['stats']>) => number) =>
    new Counter({
      name, help, registers: [registry],
      collect() {
        this.reset();
        this.inc(value(reads.stats()));
      },
    });
  counter('rehber_public_reads_turned_away_total', 'Public reads answered 503 because too many were already waiting', (s) => s.turnedAway);
  counter('rehber_public_reads_waited_total', 'Public reads that waited for their turn (the others found one free)', (s) => s.waited);
  counter('rehber_public_read_wait_seconds_total', 'Seconds the public reads that waited spent waiting, in all', (s) => s.waitedSeconds);
}

/** The subset of tarn's pool (knex's) read here. */
interface TarnPool {
  max: number;
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
  on(event: 'acquireRequest' | 'acquireSuccess' | 'acquireFail', handler: (eventId: number) => void): void;
}

const tarnPool = (db: Db): TarnPool | null => {
  const pool = db.client.pool as Partial<TarnPool> | undefined;
  return pool && typeof pool.numPendingAcquires === 'function' ? (pool as TarnPool) : null;
};

/** knex's connection pools: connections used and idle, queries waiting for one, and how long they waited. */
function poolMetrics(registry: Registry, pools: [string, Db][]): void {
  const gauge = (name: string, help: string, value: (p: TarnPool) => number) =>
    new Gauge({
      name, help, labelNames: ['pool'] as const, registers: [registry],
      collect() {
        this.reset();
        for (const [label, db] of pools) {
          const p = tarnPool(db);
          if (p) this.set({ pool: label }, value(p));
        }
      },
    });
  gauge('rehber_db_pool_used', 'Database connections lent to a query', (p) => p.numUsed());
  gauge('rehber_db_pool_free', 'Database connections open and idle', (p) => p.numFree());
  gauge('rehber_db_pool_max', 'The most connections the pool opens', (p) => p.max);
  gauge('rehber_db_pool_pending_acquires', 'Queries waiting for a connection now', (p) => p.numPendingAcquires());
  gauge('rehber_db_pool_pending_creates', 'Connections being opened now', (p) => p.numPendingCreates());

  const waits = new Histogram({ name: 'rehber_db_pool_acquire_seconds', help: 'How long a query waited for a connection', labelNames: ['pool'] as const, buckets: ACQUIRE_BUCKETS, registers: [registry] });
  const failures = new Counter({ name: 'rehber_db_pool_acquire_failures_total', help: 'Queries that got no connection (timed out or the database refused)', labelNames: ['pool'] as const, registers: [registry] });
  for (const [label, db] of pools) {
    const p = tarnPool(db);
    if (!p) continue;
    // Every request ends in a success or a failure, which removes it: the map holds only waits under way.
    const asked = new Map<number, number>();
    p.on('acquireRequest', (id) => asked.set(id, performance.now()));
    p.on('acquireSuccess', (id) => {
      const at = asked.get(id);
      asked.delete(id);
      if (at !== undefined) waits.observe({ pool: label }, (performance.now() - at) / 1000);
    });
    p.on('acquireFail', (id) => {
      asked.delete(id);
      failures.inc({ pool: label });
    });
  }
}

/** The imports and the photo queue of this process. */
function workMetrics(registry: Registry): void {
  new Gauge({ name: 'rehber_imports_running', help: 'Imports writing from this server now (previews and CLI imports aside)', registers: [registry], collect() { this.set(importActivity().running); } });
  new Gauge({ name: 'rehber_import_rows_per_second', help: 'Rows per second of the running imports, each averaged since it began', registers: [registry], collect() { this.set(importActivity().rowsPerSecond); } });
  new Counter({
    name: 'rehber_import_rows_total', help: 'Rows read by the imports of this server since it started', registers: [registry],
    collect() {
      this.reset();
      this.inc(importActivity().rowsRead);
    },
  });
  const photo = (name: string, help: string, value: (s: ReturnType<typeof photoQueueStats>) => number) =>
    new Gauge({ name, help, registers: [registry], collect() { this.set(value(photoQueueStats())); } });
  photo('rehber_photos_in_progress', 'Photo sources and sizes being fetched or made now', (s) => s.making);
  photo('rehber_photo_downloads_running', 'Photo sources downloading now', (s) => s.downloadsRunning);
  photo('rehber_photo_downloads_waiting', 'Photo sources waiting for a download slot', (s) => s.downloadsWaiting);
  photo('rehber_photo_resizes_running', 'Photo resizes running now', (s) => s.resizesRunning);
  photo('rehber_photo_resizes_waiting', 'Photo resizes waiting for a CPU slot', (s) => s.resizesWaiting);
  new Counter({
    name: 'rehber_photo_failures_total', help: 'Photo sources found failing (refused, unreachable or not an image) since the server started', registers: [registry],
    collect() {
      this.reset();
      this.inc(photoQueueStats().failures);
    },
  });
}

/**
 * The metrics listener's handler: GET /metrics, the text format; anything else 404. It is its own
 * HTTP server (METRICS_PORT), so none of the site's middleware or its request counts see a scrape.
 */
/** Where the figures come from: this process's registry, or the sum over several processes'. */
export interface MetricsSource {
  metrics(): Promise<string>;
  contentType: string;
}

export function metricsHandler(registry: MetricsSource): http.RequestListener {
  return (req, res) => {
    const url = req.url?.split('?')[0];
    if (url !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        cacheControl(res, 'no-store');
        res.writeHead(200, { 'content-type': registry.contentType }).end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`Metrics failed: ${err instanceof Error ? err.message : String(err)}\n`),
    );
  };
}

/** The metrics listener (METRICS_PORT, METRICS_HOST). */
export async function listenMetrics(registry: MetricsSource, { port, host }: { port: number; host: string }): Promise<http.Server> {
  const server = http.createServer(metricsHandler(registry));
  await listenOn(server, { port, host }).catch((err: NodeJS.ErrnoException) => {
    throw err.code === 'EADDRINUSE' ? new Error(`Port ${port} on ${host} is already in use (set METRICS_PORT)`) : err;
  });
  return server;
}
