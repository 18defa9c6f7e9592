/** The answer cache's admission, bounds and versions (the HTTP side is in http-cache.test.ts). */
import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.js';
import { ChangeLog } from './change-log.js';

const answer = (body: string) => ({ body, type: 'text/html', etag: `W/"${body}"` });

/** Asked twice in `version`: kept from the second time. */
function keep(cache: AnswerCache, version: string, key: string, body = key): void {
  cache.set(version, key, answer(body));
  cache.set(version, key, answer(body));
}

describe('AnswerCache', () => {
  it('keeps an answer from the second time its URL is asked in a version', () => {
    const cache = new AnswerCache();
    cache.set('v1', '/a', answer('a'));
    expect(cache.get('v1', '/a')).toBeUndefined();
    cache.set('v1', '/a', answer('a'));
    expect(cache.get('v1', '/a')?.body).toBe('a');
    // A new version remembers nothing of the last: asked once there, not kept.
    cache.set('v2', '/a', answer('a2'));
    expect(cache.get('v2', '/a')).toBeUndefined();
  });

  it('a sweep of URLs asked once (a crawler, tracking parameters) leaves the answers asked again in place', () => {
    const cache = new AnswerCache();
    keep(cache, 'v1', '/popular');
    for (let i = 0; i < 120_000; i++) cache.set('v1', `/details/b${i}?n=${i}`, answer(`b${i}`));
    expect(cache.get('v1', '/popular')?.body).toBe('/popular');
    expect(cache.get('v1', '/details/b5?n=5')).toBeUndefined();
  });

  it('serves an answer within its version only', () => {
    const cache = new AnswerCache();
    keep(cache, 'v1', '/a', 'a');
    expect(cache.get('v1', '/a')?.body).toBe('a');
    expect(cache.get('v2', '/a')).toBeUndefined();
    // Moving back does not bring it back: the cache was emptied when the version moved.
    expect(cache.get('v1', '/a')).toBeUndefined();
  });

  it('drops the least recently used answer beyond 5,000, not the first kept', () => {
    const cache = new AnswerCache();
    keep(cache, 'v1', '/first');
    keep(cache, 'v1', '/second');
    // Used: /second is now the oldest.
    expect(cache.get('v1', '/first')).toBeDefined();
    for (let i = 0; i < 4_999; i++) keep(cache, 'v1', `/other/${i}`);
    expect(cache.get('v1', '/second')).toBeUndefined();
    expect(cache.get('v1', '/first')).toBeDefined();
    expect(cache.get('v1', '/other/4998')).toBeDefined();
  });

  it('counts an answer stored again (two requests that missed together) once against its 64 MB', () => {
    const cache = new AnswerCache();
    const mb3 = 'z'.repeat(3 * 1024 * 1024);
    keep(cache, 'v1', '/kept', 'kept');
    // Stored 25 times over: 75 MB if each counted, 3 MB in truth.
    for (let i = 0; i < 25; i++) keep(cache, 'v1', '/again', mb3);
    expect(cache.get('v1', '/kept')?.body).toBe('kept');
  });

  it('holds at most 64 MB of answers and never one of over 4 MB', () => {
    const cache = new AnswerCache();
    keep(cache, 'v1', '/huge', 'x'.repeat(4 * 1024 * 1024 + 1));
    expect(cache.get('v1', '/huge')).toBeUndefined();
    const mb3 = 'y'.repeat(3 * 1024 * 1024);
    for (let i = 0; i < 22; i++) keep(cache, 'v1', `/big/${i}`, mb3 + i);
    // 22 × 3 MB is over 64 MB: the oldest went, the newest stayed.
    expect(cache.get('v1', '/big/0')).toBeUndefined();
    expect(cache.get('v1', '/big/21')).toBeDefined();
  });
});

describe('AnswerCache with a change log', () => {
  /** A log whose moves 1 → 2 → 3 changed `b:1`, then `b:2`. */
  async function logged(): Promise<ChangeLog> {
    const log = new ChangeLog();
    const moves = new Map([[2n, new Set(['b:1'])], [3n, new Set(['b:2'])]]);
    for (const v of [1n, 2n, 3n]) await log.advance(v, async (_after, upTo) => moves.get(upTo)!);
    return log;
  }
  const page = (body: string, deps: string[] | null) => ({ ...answer(body), deps });
  const keepAt = (cache: AnswerCache, version: string, key: string, deps: string[] | null) => {
    cache.set(version, key, page(key, deps));
    cache.set(version, key, page(key, deps));
  };

  it('keeps through a move what depends on none of its changes, and drops the rest and what depends on everything', async () => {
    const cache = new AnswerCache(await logged());
    keepAt(cache, '1', '/one', ['b:1']);
    keepAt(cache, '1', '/two', ['b:2']);
    keepAt(cache, '1', '/home', null);
    expect([cache.get('2', '/one'), cache.get('2', '/two')?.body, cache.get('2', '/home')]).toEqual([undefined, '/two', undefined]);
    expect(cache.get('3', '/two')).toBeUndefined();
  });

  it('keeps an answer read before the cache moved on only when the moves since did not touch it, and does not move back for it', async () => {
    const cache = new AnswerCache(await logged());
    keepAt(cache, '3', '/kept', ['b:9']);
    keepAt(cache, '1', '/stale', ['b:2']);
    keepAt(cache, '1', '/fine', ['b:9']);
    expect([cache.get('3', '/stale'), cache.get('3', '/fine')?.body, cache.get('3', '/kept')?.body]).toEqual([undefined, '/fine', '/kept']);
    // A request that read version 2 just before another read 3: served what 3 keeps.
    expect(cache.get('2', '/kept')?.body).toBe('/kept');
  });
});
