import zlib from 'node:zlib';
import compress from 'koa-compress';

/**
 * Answers compressed for clients that accept it (koa-compress). Every answer is compressed again
 * for each request, the answer cache's pages too (it keeps them as they are), so a setting's CPU is
 * paid on every view; the settings were chosen on the list pages (a category in a city), by
 * `scripts/bench/compress-levels.ts` (docs/performance.md):
 * - brotli (every browser) at quality 4, koa-compress's own, written here with its reason: lower
 *   qualities save CPU but send more (quality 1 about a seventh more bytes for a quarter of the
 *   CPU), a visitor's bytes being the dearer side on a phone's network; quality 5 costs about 40%
 *   more CPU for about 7% fewer bytes, and 11 (zlib's default) a hundred times the CPU.
 * - gzip (clients without brotli) at level 4, not zlib's 6: level 6 costs about a third more CPU
 *   for about 3% fewer bytes.
 * - answers under 1 KB go as they are (koa-compress's threshold): compressed, they would save a few
 *   hundred bytes of what is one small packet anyway.
 */
export function compression() {
  return compress({
    threshold: 1024,
    br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } },
    gzip: { level: 4 },
    deflate: { level: 4 },
  });
}
