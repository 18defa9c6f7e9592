/**
 * A function of a text with its answers kept for texts seen before: what an import or a render
 * asks again and again (a file's locality parts and working hours, a page's category) is worked
 * out once. Bounded: the answers are dropped whole when `max` are kept, or when the texts kept
 * reach `maxKeyBytes` (a file's cells may be long: a count alone would let a few thousand of them
 * hold hundreds of megabytes).
 *
 * A key is kept as a copy of the text: a cell or a part of one is often a slice of a reader's
 * whole chunk of text, which keeping the slice would keep alive.
 */
export function memo<R>(fn: (text: string) => R, max = 20_000, maxKeyBytes = 8 * 1024 * 1024): (text: string) => R {
  let cache = new Map<string, R>();
  let bytes = 0;
  return (text) => {
    let r = cache.get(text);
    if (r === undefined) {
      r = fn(text);
      // Two bytes a character at most; a text too long to keep is worked out each time.
      const cost = text.length * 2;
      if (cost > maxKeyBytes / 16) return r;
      if (cache.size >= max || bytes + cost > maxKeyBytes) {
        cache = new Map();
        bytes = 0;
      }
      cache.set((' ' + text).slice(1), r);
      bytes += cost;
    }
    return r;
  };
}
