import zlib from 'node:zlib';
import compress from 'koa-compress';

/**
 * Answers compressed for clients that accept it (koa-compress). Every answer is compressed again
 * for each request, the answer cache's pages too (it keeps them as they are), so a setting's CPU is
 * paid on every view; the settings were chosen on the list pages (a category in a city), by
 * `scripts/bench/compress-levels.ts` (docs/performance.md):
 * - brotli (every browser) at quality 4, koa-compress's own, written here with its reason: lower
 *   qualities save CPU but send noticeably more, a visitor's bytes being the dearer side on a
 *   phone's network; higher ones cost much more CPU for few bytes less (11, zlib's default, is
 *   meant for files compressed once, not for every answer).
 * - gzip (clients without brotli) at level 4, not zlib's 6: 6 costs markedly more CPU for a few
 *   bytes less.
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
