/**
 * The picture a link preview shows (og:image, twitter:image): the business's photo when it has one,
 * else the bundled site image (web/public/og-image.png, drawn by scripts/og-image.ts). Pure.
 */
import { businessPhotoPath } from '../../domain/photo-paths.js';
import type { PageLang } from '../../domain/page-meta.js';
import type { Business } from '../../domain/types.js';
import type { HeadImage } from './head.js';

/** The bundled site image, served from the web build's root; its alt text in the page's language. */
export const SITE_IMAGE = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  alt: { en: 'rehber: local businesses worldwide', tr: 'rehber: dünya genelinde yerel işletmeler' } satisfies Record<PageLang, string>,
} as const;

/**
 * The one place that says where a business's photo is found, as an absolute URL; null without one:
 * rehber's own copy (data/photos), so a crawler sees the picture a visitor does and `http:` sources
 * work on an https site.
 */
export function photoUrlFor(business: Pick<Business, 'photo' | 'slug'>, baseUrl: string): string | null {
  const path = businessPhotoPath(business);
  return path ? baseUrl + path : null;
}

export function siteImage(baseUrl: string, lang: PageLang = 'en'): HeadImage {
  return { url: baseUrl + SITE_IMAGE.path, alt: SITE_IMAGE.alt[lang], width: SITE_IMAGE.width, height: SITE_IMAGE.height };
}

/** A business page's preview picture: its photo (alt: its name), else the site image. */
export function businessImage(business: Pick<Business, 'photo' | 'slug' | 'name'>, baseUrl: string): HeadImage {
  const photo = photoUrlFor(business, baseUrl);
  return photo ? { url: photo, alt: business.name } : siteImage(baseUrl);
}
