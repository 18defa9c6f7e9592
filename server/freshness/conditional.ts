import type { Context } from 'koa';

/** Whether the request's validators (If-None-Match, else If-Modified-Since) still match this answer. */
export function notModified(ctx: Context, etag: string | null, lastModified: Date): boolean {
  const inm = ctx.get('If-None-Match');
  // Weak comparison (RFC 9110 8.8.3.2), as If-None-Match asks: W/ aside on both sides.
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  if (inm) return etag !== null && inm.split(',').some((t) => t.trim() === '*' || opaque(t) === opaque(etag));
  if (Number.isNaN(lastModified.getTime())) return false;
  const ims = Date.parse(ctx.get('If-Modified-Since'));
  return !Number.isNaN(ims) && Math.floor(lastModified.getTime() / 1000) * 1000 <= ims;
}
