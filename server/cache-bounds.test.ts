import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheStats } from '../domain/bounded-cache.js';
import { MAX_SLUG_LENGTH } from '../domain/slug.js';
import { startTestApp, type TestApp } from './test-app.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** A unique text of `length` characters. */
const unique = (i: number, length: number) => `${i}-`.padEnd(length, 'x');

describe('what strangers can make the caches hold', () => {
  it('2,000 unique long URLs leave every cache within its bounds of entries and bytes', async () => {
    const long = 15_000;
    const paths: string[] = [];
    for (let i = 0; i < 2_000; i++) {
      const pick = i % 5;
      if (pick === 0) paths.push(`/api/businesses/detail/${unique(i, long)}`);
      if (pick === 1) paths.push(`/api/search?q=${unique(i, long)}`);
      if (pick === 2) paths.push(`/api/cities/${unique(i, long)}`);
      if (pick === 3) paths.push(`/photos/${unique(i, long)}/0123456789abcdef-320.webp`);
      // Slugs a stored business could have are kept, within the same bounds.
      if (pick === 4) paths.push(`/photos/${unique(i, MAX_SLUG_LENGTH)}/0123456789abcdef-320.webp`);
    }
    // Each search URL twice: the second ask is the one that keeps an answer.
    paths.push(...paths.filter((p) => p.startsWith('/api/search')));
    const rssBefore = process.memoryUsage().rss;
    const statuses = new Map<number, number>();
    for (let i = 0; i < paths.length; i += 25) {
      await Promise.all(
        paths.slice(i, i + 25).map(async (p) => {
          const res = await fetch(`${app.url}${p}`, { redirect: 'manual' });
          await res.arrayBuffer();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }),
      );
    }
    // Information only: the test process holds the server and the client alike.
    console.info(`RSS ${Math.round(rssBefore / 2 ** 20)} → ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB; statuses ${JSON.stringify([...statuses])}`);
    expect(statuses.get(500)).toBeUndefined();

    const stats = cacheStats();
    const named = (name: string) => stats.filter((s) => s.name === name);
    // Every in-process store is a BoundedCache, so each shows here with its bounds.
    const stores = ['answers', 'answers asked once', 'search memo', 'small memo', 'business memo', 'business memo asked once', 'photo owners', 'photo failures', 'photo uses', 'photo families', 'built stamps'];
    for (const name of stores) expect(named(name).length, name).toBeGreaterThan(0);
    for (const s of stats) {
      expect(s.entries, s.name).toBeLessThanOrEqual(s.maxEntries);
      expect(s.bytes, s.name).toBeLessThanOrEqual(s.maxBytes);
    }
    // The search URLs were asked (and answered 200) twice each: their 6 MB of keys had to be bounded.
    const asked = named('answers asked once').reduce((n, s) => n + s.bytes, 0) + named('answers').reduce((n, s) => n + s.bytes, 0);
    expect(asked).toBeGreaterThan(0);
    // A made-up slug longer than any stored one is never kept; those a business could have are.
    const owners = named('photo owners').reduce((n, s) => n + s.entries, 0);
    expect(owners).toBe(400);
    const small = named('small memo').reduce((n, s) => n + s.bytes, 0);
    expect(small).toBeLessThan(400 * 1024);
  }, 120_000);
});
