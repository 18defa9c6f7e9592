import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Context } from 'koa';
import compress from 'koa-compress';

/**
 * Answers compressed for clients that accept it (koa-compress). The settings were chosen on the
 * list pages (a category in a city), by `scripts/bench/compress-levels.ts` (docs/performance.md):
 * - brotli (every browser) at quality 4, koa-compress's own, written here with its reason: lower
 *   qualities save CPU but send noticeably more, a visitor's bytes being the dearer side on a
 *   phone's network; higher ones cost much more CPU for few bytes less (11, zlib's default, is
 *   meant for files compressed once, not for every answer).
 * - gzip (clients without brotli) at level 4, not zlib's 6: 6 costs markedly more CPU for a few
 *   bytes less.
 * - answers under 1 KB go as they are (koa-compress's threshold): compressed, they would save a few
 *   hundred bytes of what is one small packet anyway.
 * The answer cache (server/freshness/http-cache.ts) keeps a kept answer's compressed copies and
 * serves them itself; it asks this module which encoding a request gets and how to make it, so a
 * client gets the same encoding whether its answer was kept or not.
 */
const THRESHOLD = 1024;
const SETTINGS = {
  br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } },
  gzip: { level: 4 },
  deflate: { level: 4 },
} as const;

export type Encoding = keyof typeof SETTINGS;
/** Preferred first when a client accepts several equally: brotli's bytes are the fewest. */
const PREFERENCE: readonly Encoding[] = ['br', 'gzip', 'deflate'];

/**
 * The encoding an answer of `size` bytes gets for a request's Accept-Encoding: the one of highest
 * q, brotli before gzip before deflate on a tie; identity without the header, under the threshold,
 * or when nothing is accepted. A bare `*` gets gzip, as koa-compress gives it (an old client that
 * says "anything" may not know brotli).
 */
export function chooseEncoding(acceptEncoding: string | undefined, size: number): Encoding | 'identity' {
  if (!acceptEncoding || size < THRESHOLD) return 'identity';
  if (acceptEncoding.trim() === '*') return 'gzip';
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const qParam = params.find((p) => /^q\s*=/i.test(p));
    const value = qParam ? Number(qParam.split('=')[1]) : 1;
    q.set(name.toLowerCase(), Number.isFinite(value) ? value : 0);
  }
  let best: Encoding | 'identity' = 'identity';
  let bestQ = 0;
  for (const encoding of PREFERENCE) {
    const value = q.get(encoding) ?? q.get('*') ?? 0;
    if (value > bestQ) [best, bestQ] = [encoding, value];
  }
  return best;
}

const compressors = {
  br: promisify((bytes: Buffer, cb: zlib.CompressCallback) => zlib.brotliCompress(bytes, SETTINGS.br, cb)),
  gzip: promisify((bytes: Buffer, cb: zlib.CompressCallback) => zlib.gzip(bytes, SETTINGS.gzip, cb)),
  deflate: promisify((bytes: Buffer, cb: zlib.CompressCallback) => zlib.deflate(bytes, SETTINGS.deflate, cb)),
};

/** `bytes` compressed as the middleware would send them in `encoding` (zlib's thread pool). */
export function compressBytes(bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  return compressors[encoding](bytes);
}

const chosen = (ctx: Context, encoding: Encoding, size: number) => chooseEncoding(ctx.get('Accept-Encoding') || undefined, size) === encoding;

export function compression() {
  // koa-compress is offered only the encoding `chooseEncoding` picks (every other is false, zstd
  // too, which a newer Node would add), so its own negotiation can only agree or send identity. An
  // option given as a function is read per answer (typed as plain options by @types/koa-compress).
  const only = (encoding: Encoding) => (_type: string, size: number | undefined, ctx: Context) => (chosen(ctx, encoding, size ?? THRESHOLD) ? SETTINGS[encoding] : false);
  const options = { threshold: THRESHOLD, br: only('br'), gzip: only('gzip'), deflate: only('deflate'), zstd: false };
  return compress(options as unknown as compress.CompressOptions);
}
