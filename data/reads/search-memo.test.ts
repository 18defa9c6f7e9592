import { describe, expect, it } from 'vitest';
import { confirmReads, memoizedEach, newReadTrace, readWhole, VersionedMemo } from './search-memo.js';

describe('VersionedMemo', () => {
  it('computes a key once per data version and again after a write moves the version', async () => {
    const memo = new VersionedMemo(10);
    let runs = 0;
    const compute = async () => ++runs;
    expect(await memo.get('5', 'k', compute)).toBe(1);
    expect(await memo.get('5', 'k', compute)).toBe(1);
    expect(await memo.get('6', 'k', compute)).toBe(2);
    // A reader still at an older version gets its own answer, never one kept for a newer one.
    expect(await memo.get('5', 'k', compute)).toBe(3);
    expect(await memo.get('6', 'k', compute)).toBe(2);
  });

  it('shares one computation between concurrent readers and keeps only what `keep` accepts', async () => {
    const memo = new VersionedMemo(10);
    let runs = 0;
    const compute = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 5));
      return runs;
    };
    expect(await Promise.all([memo.get('1', 'a', compute), memo.get('1', 'a', compute)])).toEqual([1, 1]);
    expect(await memo.get('1', 'narrow', compute, () => false)).toBe(2);
    expect(await memo.get('1', 'narrow', compute, () => false)).toBe(3);
  });

  it('drops the least recently used entries past its bound, and failures at once', async () => {
    const memo = new VersionedMemo(2);
    let runs = 0;
    const compute = async () => ++runs;
    await memo.get('1', 'a', compute);
    await memo.get('1', 'b', compute);
    await memo.get('1', 'a', compute);
    await memo.get('1', 'c', compute);
    expect(memo.peek('1', 'a')).toBeDefined();
    expect(memo.peek('1', 'b')).toBeUndefined();
    await expect(memo.get('1', 'd', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(memo.peek('1', 'd')).toBeUndefined();
  });

  it('with askedOnce, keeps a value from the second ask of its key in a version, not the first', async () => {
    const memo = new VersionedMemo(10, 1024 * 1024, 'memo', { maxEntries: 2, maxBytes: 64 * 1024 });
    let runs = 0;
    const compute = async () => ++runs;
    expect(await memo.get('1', 'a', compute)).toBe(1);
    expect(memo.peek('1', 'a')).toBeUndefined();
    expect(await memo.get('1', 'a', compute)).toBe(2);
    expect(await memo.get('1', 'a', compute)).toBe(2);
    // A new version forgets what was asked once in the old one.
    await memo.get('1', 'b', compute);
    expect(await memo.get('2', 'b', compute)).toBe(4);
    expect(await memo.get('2', 'b', compute)).toBe(5);
    expect(await memo.get('2', 'b', compute)).toBe(5);
    // Past its bound the least recently asked key is forgotten: its next ask is a first one again.
    await memo.get('2', 'c', compute);
    await memo.get('2', 'd', compute);
    await memo.get('2', 'e', compute);
    expect(await memo.get('2', 'c', compute)).toBe(9);
    expect(memo.peek('2', 'c')).toBeUndefined();
    expect(await memo.get('2', 'e', compute)).toBe(10);
    expect(memo.peek('2', 'e')).toBeDefined();
  });

  it('traces what an answer did: a kept value taken before it was confirmed makes it unsure, a confirmed one does not', async () => {
    const memo = new VersionedMemo(10);
    const compute = async () => 1;
    const first = { ...newReadTrace(), version: '1' };
    await memo.get('1', 'a', compute, undefined, first);
    expect([first.unconfirmed, first.made.length]).toEqual([false, 1]);
    const early = { ...newReadTrace(), version: '1' };
    await memo.get('1', 'a', compute, undefined, early);
    expect([early.unconfirmed, readWhole(early, 0)]).toEqual([true, false]);
    confirmReads(first);
    const later = { ...newReadTrace(), version: '1' };
    await memo.get('1', 'a', compute, undefined, later);
    expect([later.unconfirmed, readWhole(later, 0)]).toEqual([false, true]);
  });

  it('an answer is read whole when each statement it sent reported the version of its memos', () => {
    const trace = (seen: string[]) => ({ ...newReadTrace(), version: '7', seen });
    expect(readWhole(trace([]), 0)).toBe(true);
    expect(readWhole(trace(['7']), 1)).toBe(true);
    // A statement that did not say which version it saw, or saw another.
    expect(readWhole(trace(['7']), 2)).toBe(false);
    expect(readWhole(trace(['8']), 1)).toBe(false);
  });

  it('reads the keys a call misses in one batch, a key evicted while the others were asked among them', async () => {
    const memo = new VersionedMemo(2);
    const scope = { memo, small: memo, views: memo, version: '1' };
    const reads: string[][] = [];
    const upper = async (whats: string[]) => {
      reads.push([...whats]);
      return new Map(whats.filter((k) => k !== 'gone').map((k) => [k, k.toUpperCase()]));
    };
    expect(await memoizedEach(scope, 'word', ['a'], upper)).toEqual(['A']);
    // 'a' is kept but the oldest: asking 'b' and 'c' first pushes it out before it is asked.
    expect(await memoizedEach(scope, 'word', ['b', 'c', 'a', 'gone'], upper)).toEqual(['B', 'C', 'A', null]);
    expect(memo.peek('1', 'word|gone')).toBeDefined();
    expect(reads).toEqual([['a'], ['b', 'c', 'a', 'gone']]);
  });
});
