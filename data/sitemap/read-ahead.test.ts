import { describe, expect, it } from 'vitest';
import { readAhead } from './read-ahead.js';

/** A source of three pages that logs when each is asked for, when it is answered and when it is closed. */
function source(log: string[], failAt?: number) {
  return (async function* () {
    try {
      for (let i = 1; i <= 3; i++) {
        log.push(`fetch ${i}`);
        await new Promise((r) => setTimeout(r, 5));
        if (i === failAt) throw new Error(`fetch ${i} failed`);
        log.push(`fetched ${i}`);
        yield i;
      }
    } finally {
      log.push('closed');
    }
  })();
}

describe('readAhead', () => {
  it('asks for the next page before the caller has done with the current one', async () => {
    const log: string[] = [];
    const seen: number[] = [];
    for await (const page of readAhead(source(log))) {
      log.push(`use ${page}`);
      await new Promise((r) => setTimeout(r, 20));
      seen.push(page);
    }
    expect(seen).toEqual([1, 2, 3]);
    expect(log.indexOf('fetch 2')).toBeLessThan(log.indexOf('use 1'));
    expect(log.indexOf('fetched 2')).toBeLessThan(log.indexOf('use 2'));
    // Its end is found while the last page is handed on.
    expect(log.slice(-2)).toEqual(['closed', 'use 3']);
  });

  it('a caller that stops early closes the source after the page in flight is answered', async () => {
    const log: string[] = [];
    for await (const page of readAhead(source(log))) {
      if (page === 1) break;
    }
    expect(log).toEqual(['fetch 1', 'fetched 1', 'fetch 2', 'fetched 2', 'closed']);
  });

  it('a failed read ahead reaches the caller when it asks for that page, and is not left unhandled', async () => {
    const log: string[] = [];
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const page of readAhead(source(log, 2))) {
          await new Promise((r) => setTimeout(r, 20));
          seen.push(page);
        }
      })(),
    ).rejects.toThrow('fetch 2 failed');
    expect(seen).toEqual([1]);
    expect(log.at(-1)).toBe('closed');
  });
});
