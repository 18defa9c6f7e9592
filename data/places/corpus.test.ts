import { describe, expect, it } from 'vitest';
import { scoreCorpus } from './corpus.js';

describe('the address corpus', () => {
  it('resolves at least 95% of its addresses, from at least 40 countries, to the right city', () => {
    const score = scoreCorpus();
    expect(score.countries).toBeGreaterThanOrEqual(40);
    expect(score.right / score.rows, JSON.stringify(score.misses, null, 1)).toBeGreaterThanOrEqual(0.95);
  });

  it('never names a wrong city where an honest "unknown" was possible', () => {
    const score = scoreCorpus();
    expect(score.misses.filter((m) => m.expected === null)).toEqual([]);
  });
});
