import { BoundedCache } from './bounded-cache.js';

/**
 * A function of a text with its answers kept for texts seen before: what an import or a render
 * asks again and again (a file's locality parts and working hours, a page's category) is worked
 * out once. Kept in a BoundedCache named `name`: at most `max` answers and `maxBytes` of texts (a
 * file's cells may be long: a count alone would let a few thousand of them hold hundreds of
 * megabytes), the least recently asked dropped first.
 *
 * A key is kept as a copy of the text: a cell or a part of one is often a slice of a reader's
 * whole chunk of text, which keeping the slice would keep alive.
 */
export function memo<R>(name: string, fn: (text: string) => R, max = 20_000, maxBytes = 8 * 1024 * 1024): (text: string) => R {
  const cache = new BoundedCache<R>(name, { maxEntries: max, maxBytes });
  return (text) => {
    let r = cache.get(text);
    if (r === undefined) {
      r = fn(text);
      // A text too long to keep (a sixteenth of the bound) is worked out each time.
      cache.set((' ' + text).slice(1), r);
    }
    return r;
  };
}
