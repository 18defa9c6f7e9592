import { describe, expect, it } from 'vitest';
import { detectEncoding, utf8Statistics } from './encoding.js';

describe('utf8Statistics', () => {
  it('counts only what a UTF-8 decoder accepts: no overlong forms, surrogates or code points past U+10FFFF', () => {
    const accepted = Buffer.from('é€𝄞', 'utf8');
    expect(utf8Statistics(accepted)).toEqual({ valid: 3, invalid: 0 });
    // Overlong '/' (E0 80 AF), a surrogate half (ED A0 80), U+110000 (F4 90 80 80): each is the
    // U+FFFD of a decoder, so none may vote for UTF-8.
    for (const bad of [[0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xf0, 0x80, 0x80, 0xaf]]) {
      expect(utf8Statistics(Buffer.from(bad)).valid, bad.join(' ')).toBe(0);
    }
  });

  it('reads Windows-1252 text whose letters happen to look like an overlong sequence as Windows-1252', () => {
    // 'àˆ‰' is E0 88 89 in Windows-1252: the shape of a 3-byte UTF-8 sequence, but an overlong one.
    expect(detectEncoding(Buffer.from([0x6e, 0x61, 0xe0, 0x88, 0x89, 0x0a])).encoding).toBe('windows-1252');
  });
});
