/** The answer cache's bounds and versions (the HTTP side is in server/http-cache.test.ts). */
import { describe, expect, it } from 'vitest';
import { AnswerCache } from './http-cache.js';

const answer = (body: string) => ({ body, type: 'text/html', etag: `"${body}"` });

describe('AnswerCache', () => {
  it('serves an answer within its version only', () => {
    const cache = new AnswerCache();
    cache.set('v1', '/a', answer('a'));
    expect(cache.get('v1', '/a')?.body).toBe('a');
    expect(cache.get('v2', '/a')).toBeUndefined();
    // Moving back does not bring it back: the cache was emptied when the version moved.
    expect(cache.get('v1', '/a')).toBeUndefined();
  });

  it('drops the least recently used answer beyond 5,000, not the first kept', () => {
    const cache = new AnswerCache();
    cache.set('v1', '/first', answer('first'));
    cache.set('v1', '/second', answer('second'));
    // Used: /second is now the oldest.
    expect(cache.get('v1', '/first')).toBeDefined();
    for (let i = 0; i < 4_999; i++) cache.set('v1', `/other/${i}`, answer(String(i)));
    expect(cache.get('v1', '/second')).toBeUndefined();
    expect(cache.get('v1', '/first')).toBeDefined();
    expect(cache.get('v1', '/other/4998')).toBeDefined();
  });

  it('holds at most 64 MB of answers and never one of over 4 MB', () => {
    const cache = new AnswerCache();
    cache.set('v1', '/huge', answer('x'.repeat(4 * 1024 * 1024 + 1)));
    expect(cache.get('v1', '/huge')).toBeUndefined();
    const mb3 = 'y'.repeat(3 * 1024 * 1024);
    for (let i = 0; i < 22; i++) cache.set('v1', `/big/${i}`, answer(mb3 + i));
    // 22 × 3 MB is over 64 MB: the oldest went, the newest stayed.
    expect(cache.get('v1', '/big/0')).toBeUndefined();
    expect(cache.get('v1', '/big/21')).toBeDefined();
  });
});
