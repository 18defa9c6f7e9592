import { describe, expect, it } from 'vitest';
import { memo } from './memo.js';

describe('memo', () => {
  it('works a text out once and answers it again from what it kept', () => {
    const asked: string[] = [];
    const upper = memo((t: string) => (asked.push(t), t.toUpperCase()));
    expect([upper('kadıköy'), upper('şişli'), upper('kadıköy')]).toEqual(['KADIKÖY', 'ŞIŞLI', 'KADIKÖY']);
    expect(asked).toEqual(['kadıköy', 'şişli']);
  });

  it('drops what it kept when full, then works texts out again', () => {
    const asked: string[] = [];
    const same = memo((t: string) => (asked.push(t), t), 2);
    for (const t of ['a', 'b', 'c', 'a']) same(t);
    // 'c' found the cache full: 'a' was dropped with it and is worked out again.
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
  });
});
