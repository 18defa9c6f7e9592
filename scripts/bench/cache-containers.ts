/**
 * The one cache container (BoundedCache, over lru-cache) against lru-cache alone at rehber's bounds: a get,
 * and a set on a miss, over a key space three times the entry bound with a skewed popularity (a
 * few URLs asked often). Not part of `make bench`; docs/performance.md gives the command and figures.
 * LRU_CACHE may name another lru-cache module to compare.
 */
import { BoundedCache } from '../../domain/bounded-cache.js';

interface LruCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): unknown;
}
interface LruOptions<V> {
  max: number;
  maxSize: number;
  maxEntrySize: number;
  sizeCalculation(value: V, key: string): number;
}
const { LRUCache } = (await import(process.env.LRU_CACHE ?? 'lru-cache')) as { LRUCache: new <V>(options: LruOptions<V>) => LruCache<V> };

interface Shape {
  name: string;
  maxEntries: number;
  maxBytes: number;
  keyLength: number;
  /** The size each value is counted as (the values themselves are shared, so memory measures the container). */
  valueBytes: number;
}

const SHAPES: Shape[] = [
  { name: 'answers (5,000 / 64 MB, 80-char URLs, 20 KB pages)', maxEntries: 5_000, maxBytes: 64 * 1024 * 1024, keyLength: 80, valueBytes: 20_000 },
  { name: 'small memo (10,000 / 24 MB, 40-char keys, 1 KB rows)', maxEntries: 10_000, maxBytes: 24 * 1024 * 1024, keyLength: 40, valueBytes: 1_000 },
  { name: 'asked once (50,000 / 8 MB, 80-char URLs, no value)', maxEntries: 50_000, maxBytes: 8 * 1024 * 1024, keyLength: 80, valueBytes: 0 },
];

const OPS = 2_000_000;
const value = { body: 'x' };

function keys(shape: Shape): string[] {
  const space = shape.maxEntries * 3;
  const out: string[] = [];
  for (let i = 0; i < space; i++) out.push(`/api/businesses/detail/${i}-`.padEnd(shape.keyLength, 'x'));
  return out;
}

/** A skewed pick: the first keys far more often than the last. */
function picks(n: number, space: number): Uint32Array {
  let seed = 42;
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const r = seed / 0x7fffffff;
    out[i] = Math.floor(space * r * r * r);
  }
  return out;
}

interface Container {
  get(k: string): unknown;
  set(k: string, v: typeof value): void;
}

function bounded(shape: Shape): Container {
  const c = new BoundedCache<typeof value>('bench', shape, () => shape.valueBytes);
  return { get: (k) => c.get(k), set: (k, v) => void c.set(k, v) };
}

function lru(shape: Shape): Container {
  const c = new LRUCache<typeof value>({
    max: shape.maxEntries,
    maxSize: shape.maxBytes,
    maxEntrySize: shape.maxBytes / 16,
    sizeCalculation: (_v: unknown, k: string) => 96 + k.length * 2 + shape.valueBytes,
  });
  return { get: (k) => c.get(k), set: (k, v) => void c.set(k, v) };
}

const gc = (globalThis as { gc?: () => void }).gc!;

function run(shape: Shape, make: (s: Shape) => Container, ks: string[], order: Uint32Array): { opsPerS: number; hitRate: number; heapMb: number } {
  gc();
  const before = process.memoryUsage().heapUsed;
  const c = make(shape);
  let hits = 0;
  const t0 = performance.now();
  for (let i = 0; i < order.length; i++) {
    const k = ks[order[i]];
    if (c.get(k) !== undefined) hits++;
    else c.set(k, value);
  }
  const ms = performance.now() - t0;
  gc();
  const heapMb = (process.memoryUsage().heapUsed - before) / 2 ** 20;
  // Keep the container alive through the measurement.
  if (c.get('') === 1) console.log('');
  return { opsPerS: Math.round(order.length / (ms / 1000)), hitRate: hits / order.length, heapMb: Math.round(heapMb * 10) / 10 };
}

for (const shape of SHAPES) {
  const ks = keys(shape);
  const order = picks(OPS, ks.length);
  // Warm both up once, then measure each three times and keep the best.
  run(shape, bounded, ks, order.subarray(0, 200_000));
  run(shape, lru, ks, order.subarray(0, 200_000));
  const best = (make: (s: Shape) => Container) => {
    const runs = [0, 1, 2].map(() => run(shape, make, ks, order));
    return runs.reduce((a, b) => (b.opsPerS > a.opsPerS ? b : a));
  };
  const b = best(bounded);
  const l = best(lru);
  console.log(shape.name);
  console.log(`  BoundedCache  ${b.opsPerS.toLocaleString('en')} ops/s  hit ${(b.hitRate * 100).toFixed(1)}%  heap ${b.heapMb} MB`);
  console.log(`  lru-cache 11  ${l.opsPerS.toLocaleString('en')} ops/s  hit ${(l.hitRate * 100).toFixed(1)}%  heap ${l.heapMb} MB`);
}
