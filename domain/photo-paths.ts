/**
 * Where rehber serves business photos and placeholders from its own origin. Pure:
 * the web client builds the <img> srcset with these and the server parses the same paths back.
 *
 * A photo path names the business and a key of its stored photo URL:
 * `/photos/<business-slug>/<key>-<width>.<webp|jpg>`. The server fetches only that business's own
 * URL, and only when the key matches it, so the path is no open proxy; the key changes with the URL,
 * so the answer can be cached forever (`immutable`).
 */
import type { PhotoFamily } from './photo-family.js';
import { safeHttpUrl } from './safe-url.js';

/** The widths rehber resizes to: cards and list rows (160 to 640 at 1x and 2x) and the detail hero. */
export const PHOTO_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/** WebP for browsers that take it (all current ones), JPEG as the <picture> fallback. */
export type PhotoFormat = 'webp' | 'jpg';

/** Bumped when the resizing changes, so cached copies under the old names are not reused. */
const PHOTO_KEY_VERSION = 'v1';
/** Bumped when a placeholder's drawing changes: its path then changes and the old one may stay cached. */
export const PLACEHOLDER_VERSION = 'v1';

/**
 * A 64-bit key of a photo URL, as 16 hex digits: the same in the browser and on the server with
 * no Web Crypto (render is synchronous). Not a security hash: the server only ever fetches the
 * business's stored URL, and keys its disk cache by SHA-256 of the URL.
 */
export function photoKey(url: string): string {
  const text = `${PHOTO_KEY_VERSION}\n${url}`;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
}

/** `/photos/<slug>/<key>-<width>.<format>`. */
export function photoPath(slug: string, key: string, width: PhotoWidth, format: PhotoFormat): string {
  return `/photos/${encodeURIComponent(slug)}/${key}-${width}.${format}`;
}

/**
 * A business's photo at one size on rehber's origin, or null when it has none that can be shown:
 * for `og:image` and JSON-LD (prefix the public base URL), where a crawler should see the same
 * picture a visitor does. JPEG by default, the format every crawler reads.
 */
export function businessPhotoPath(business: { slug: string; photo: string | null }, width: PhotoWidth = 1280, format: PhotoFormat = 'jpg'): string | null {
  const url = safeHttpUrl(business.photo);
  return url ? photoPath(business.slug, photoKey(url), width, format) : null;
}

/** The `srcset` of every width in one format. */
export function photoSrcSet(slug: string, key: string, format: PhotoFormat): string {
  return PHOTO_WIDTHS.map((w) => `${photoPath(slug, key, w, format)} ${w}w`).join(', ');
}

export interface PhotoFile {
  key: string;
  width: PhotoWidth;
  format: PhotoFormat;
}

const PHOTO_FILE = /^([0-9a-f]{16})-(\d{1,5})\.(webp|jpg)$/;

/** The parts of a photo file name; null for any other name or a width rehber does not make. */
export function parsePhotoFile(name: string): PhotoFile | null {
  const m = PHOTO_FILE.exec(name);
  if (!m) return null;
  const width = Number(m[2]);
  if (!(PHOTO_WIDTHS as readonly number[]).includes(width)) return null;
  return { key: m[1], width: width as PhotoWidth, format: m[3] as PhotoFormat };
}

/** The bundled placeholder drawing of a family. */
export function placeholderPath(family: PhotoFamily): string {
  return `/photos/placeholders/${PLACEHOLDER_VERSION}/${family}.svg`;
}
