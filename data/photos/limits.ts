import type { FetchLimits } from './fetch-source.js';
import type { ImageLimits } from './resize.js';

/** A photo source larger than this is refused (counted while streaming, whatever Content-Length says). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** The whole fetch of one source, redirects included. */
export const PHOTO_FETCH_TIMEOUT_MS = 10_000;
export const PHOTO_MAX_REDIRECTS = 3;
/** A source wider or taller than this, or with more pixels, is refused before it is decoded (decompression bombs). */
export const PHOTO_MAX_SIDE = 12_000;
export const PHOTO_MAX_PIXELS = 50_000_000;
/** A failed source is not fetched again for this long (the negative cache); its businesses show their placeholder. */
export const PHOTO_RETRY_AFTER_MS = 60 * 60 * 1000;
/** A failure the host may get over (a timeout, a 5xx, a 429) is remembered this long instead. */
export const PHOTO_RETRY_TRANSIENT_MS = 5 * 60 * 1000;

/**
 * A visitor waits this long for a photo still being made, then gets the placeholder while the
 * download goes on; long enough for a normal source (tens of milliseconds), short enough that a
 * page does not hang on a slow host.
 */
export const PHOTO_QUEUE_DEADLINE_MS = 2_000;
/** Downloads from one host at once: a hanging host holds at most this many of the shared six. */
export const PHOTO_DOWNLOADS_PER_HOST = 2;
/** A host whose download timed out is not asked again for this long; its sources show placeholders meanwhile. */
export const PHOTO_HOST_DOWN_MS = 10 * 60 * 1000;

export const DEFAULT_FETCH_LIMITS: Omit<FetchLimits, 'allowPrivateAddresses'> = {
  maxBytes: PHOTO_MAX_BYTES,
  timeoutMs: PHOTO_FETCH_TIMEOUT_MS,
  maxRedirects: PHOTO_MAX_REDIRECTS,
};

export const DEFAULT_IMAGE_LIMITS: ImageLimits = { maxSide: PHOTO_MAX_SIDE, maxPixels: PHOTO_MAX_PIXELS };

/** The photo cache's default bound (PHOTO_CACHE_MAX_MB): past it the least recently used sources go (cache-sweep.ts). */
export const PHOTO_CACHE_MAX_MB = 5 * 1024;
