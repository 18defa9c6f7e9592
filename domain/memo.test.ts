import { describe, expect, it } from 'vitest';
import { cacheStats } from './bounded-cache.js';
import { memo } from './memo.js';

describe('memo', () => {
  it('works a text out once and answers it again from what it kept', () => {
    const asked: string[] = [];
    const upper = memo('test upper', (t: string) => (asked.push(t), t.toUpperCase()));
    expect([upper('kadıköy'), upper('şişli'), upper('kadıköy')]).toEqual(['KADIKÖY', 'ŞIŞLI', 'KADIKÖY']);
    expect(asked).toEqual(['kadıköy', 'şişli']);
  });

  it('when full, drops the least recently asked text only, as every cache does', () => {
    const asked: string[] = [];
    const same = memo('test full', (t: string) => (asked.push(t), t), 2);
    for (const t of ['a', 'b', 'a', 'c', 'a', 'b']) same(t);
    // 'c' pushed out 'b' (asked less recently than 'a'), so only 'b' is worked out again.
    expect(asked).toEqual(['a', 'b', 'c', 'b']);
  });

  it('is one of the process’s bounded caches, its texts counted in bytes', () => {
    const long = memo('test long', (t: string) => t.length, 1_000, 64 * 1024);
    for (let i = 0; i < 100; i++) long(`${i}-`.padEnd(2_000, 'x'));
    const [stats] = cacheStats().filter((s) => s.name === 'test long');
    expect(stats.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(stats.entries).toBeLessThan(100);
  });
});
