import type { ServerResponse } from 'node:http';
import { PHOTO_RETRY_TRANSIENT_MS } from '../../data/photos/limits.js';

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * Every Cache-Control rehber sends, by what the answer is; nothing else writes the header
 * (cache-control.test.ts checks). `cdn` is the CDN-Cache-Control a CDN reads instead.
 */
export const CACHE_PROFILES = {
  /**
   * A public read (the public API, a page) with the data version's validators: browsers revalidate
   * every time (a 304 when nothing changed, so a write shows at once); a shared cache may serve it
   * for a minute. A CDN may also serve a stale one for five minutes while it revalidates: in
   * Cache-Control, stale-while-revalidate would let browsers show stale pages too.
   */
  'public-read': { cacheControl: 'public, max-age=0, must-revalidate, s-maxage=60', cdn: 'max-age=60, stale-while-revalidate=300' },
  /** A public read whose version is unknown (the database cannot say): any cache asks again before use. */
  revalidate: { cacheControl: 'no-cache' },
  /** Kept by nobody: admin answers and the admin's shell, probes, failures, anything not the same for every visitor. */
  'no-store': { cacheControl: 'no-store' },
  /** Named by its content (a hashed build file, a photo by its source's key): a copy can never be stale. */
  immutable: { cacheControl: `public, max-age=${YEAR_SECONDS}, immutable` },
  /** A failed photo source's redirect to its placeholder: as long as the failure is remembered. */
  'photo-placeholder': { cacheControl: `public, max-age=${PHOTO_RETRY_TRANSIENT_MS / 1000}` },
  /** The sitemap set: crawlers come back within minutes of a new generation. */
  sitemap: { cacheControl: 'public, max-age=300' },
  /** Other built files (icons, the web manifest) under names that do not change with their content. */
  'built-file': { cacheControl: 'max-age=3600' },
  /** The operator's PMTiles archive: replaced rarely, and a replaced one changes its ETag. */
  'map-tiles': { cacheControl: 'public, max-age=3600' },
} as const satisfies Record<string, { cacheControl: string; cdn?: string }>;

export type CacheProfile = keyof typeof CACHE_PROFILES;

/** Koa's context or Node's response (what a static file sender hands over). */
type HeaderTarget = { set(field: string, value: string): unknown } | Pick<ServerResponse, 'setHeader'>;

/** Sets the Cache-Control (and the CDN-Cache-Control, where the profile has one) of `profile`. */
export function cacheControl(target: HeaderTarget, profile: CacheProfile): void {
  const p: { cacheControl: string; cdn?: string } = CACHE_PROFILES[profile];
  const set = (field: string, value: string) => ('setHeader' in target ? target.setHeader(field, value) : target.set(field, value));
  set('Cache-Control', p.cacheControl);
  if (p.cdn) set('CDN-Cache-Control', p.cdn);
}
