/**
 * A function of a text with its answers kept for texts seen before: what an import or a render
 * asks again and again (a file's locality parts and working hours, a page's category) is worked
 * out once. Bounded: the answers are dropped whole when `max` are kept.
 *
 * A key is kept as a copy of the text: a cell or a part of one is often a slice of a reader's
 * whole chunk of text, which keeping the slice would keep alive.
 */
export function memo<R>(fn: (text: string) => R, max = 20_000): (text: string) => R {
  let cache = new Map<string, R>();
  return (text) => {
    let r = cache.get(text);
    if (r === undefined) {
      if (cache.size >= max) cache = new Map();
      r = fn(text);
      cache.set((' ' + text).slice(1), r);
    }
    return r;
  };
}
