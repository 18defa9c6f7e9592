/**
 * The crawler head: replaces the <!--head-->...<!--/head--> block of the built index.html with a
 * page's title, description, canonical link, Open Graph and Twitter tags and JSON-LD, sets
 * `<html lang>`, and tells the SPA whether ads are on through a <meta> tag (no inline script: the
 * CSP allows script-src 'self' only). Pure: data in, tags out.
 */
import { escapeHtml, scriptJson } from './escape.js';
import type { PageLang } from '../../domain/page-meta.js';
import type { TwitterAccounts } from '../../domain/site-config.js';

export interface HeadImage {
  /** Absolute http(s) URL. */
  url: string;
  alt: string;
  width?: number;
  height?: number;
}

export interface HeadTags {
  title: string;
  description: string;
  /** Absent on the not-found page: a 404 has no canonical URL. */
  canonical?: string;
  /** The language of the page's text: `<html lang>` and og:locale. English when absent. */
  lang?: PageLang;
  ogType?: 'website' | 'business.business';
  image?: HeadImage | null;
  /** One schema.org object, or several: each gets a <script type="application/ld+json"> of its own. */
  jsonLd?: object | object[];
  /** Asks search engines to leave the page out of their index (the not-found page, search answers). */
  noindex?: boolean;
  /** The site's X (Twitter) accounts: twitter:site (SITE_TWITTER) and twitter:creator (SITE_TWITTER_CREATOR, else the site's); each absent when unset. */
  twitter?: TwitterAccounts;
  /**
   * A business page's address and contacts as Open Graph's business.business type asks for them
   * (business:contact_data:street_address...), each only when known.
   */
  contactData?: Partial<Record<'street_address' | 'locality' | 'region' | 'postal_code' | 'country_name' | 'phone_number' | 'website', string>>;
}

/** A page's head, rendered: the tags of the <!--head--> block and the language of <html>. */
export interface RenderedHead {
  tags: string;
  lang: PageLang;
}

const OG_LOCALE: Record<PageLang, string> = { en: 'en_US', tr: 'tr_TR' };

const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;

export function renderHead(h: HeadTags): RenderedHead {
  const lang = h.lang ?? 'en';
  const lines = [`<title>${escapeHtml(h.title)}</title>`, meta('name', 'description', h.description)];
  if (h.noindex) lines.push(meta('name', 'robots', 'noindex'));
  if (h.canonical) lines.push(`<link rel="canonical" href="${escapeHtml(h.canonical)}" />`);
  lines.push(meta('property', 'og:title', h.title), meta('property', 'og:description', h.description));
  if (h.canonical) lines.push(meta('property', 'og:url', h.canonical));
  lines.push(meta('property', 'og:type', h.ogType ?? 'website'), meta('property', 'og:site_name', 'rehber'), meta('property', 'og:locale', OG_LOCALE[lang]));
  if (h.image) {
    lines.push(meta('property', 'og:image', h.image.url), meta('property', 'og:image:alt', h.image.alt));
    if (h.image.width && h.image.height) lines.push(meta('property', 'og:image:width', String(h.image.width)), meta('property', 'og:image:height', String(h.image.height)));
  }
  for (const [key, value] of Object.entries(h.contactData ?? {})) if (value) lines.push(meta('property', `business:contact_data:${key}`, value));
  lines.push(meta('name', 'twitter:card', h.image ? 'summary_large_image' : 'summary'), meta('name', 'twitter:title', h.title), meta('name', 'twitter:description', h.description));
  if (h.image) lines.push(meta('name', 'twitter:image', h.image.url), meta('name', 'twitter:image:alt', h.image.alt));
  if (h.twitter?.site) lines.push(meta('name', 'twitter:site', h.twitter.site));
  if (h.twitter?.creator) lines.push(meta('name', 'twitter:creator', h.twitter.creator));
  const ld = h.jsonLd === undefined ? [] : Array.isArray(h.jsonLd) ? h.jsonLd : [h.jsonLd];
  for (const item of ld) lines.push(`<script type="application/ld+json">${scriptJson(item)}</script>`);
  return { tags: lines.join('\n    '), lang };
}

export const HEAD_BLOCK = /<!--head-->[\s\S]*?<!--\/head-->/;
export const HTML_TAG = /<html\b[^>]*>/;

/** The head block of a page with `head`. */
export const headBlock = (head: RenderedHead) => `<!--head-->\n    ${head.tags}\n    <!--/head-->`;

/** The `<html …>` tag `tag` with the language `lang`. */
export const langTag = (tag: string, lang: PageLang) => tag.replace(/\s+lang="[^"]*"/, '').replace(/^<html/, `<html lang="${lang}"`);

/** The built index.html with a page's head block and `<html lang>` (server/ssr/page-template.ts makes a page's in one pass). */
export function injectHead(html: string, head: RenderedHead): string {
  // Function replacements: '$&' and friends in the data must not be read as patterns.
  return html.replace(HEAD_BLOCK, () => headBlock(head)).replace(HTML_TAG, (tag) => langTag(tag, head.lang));
}

export interface AdsSettings {
  client?: string;
  slots: { detail?: string; notFound?: string; banner?: string };
}

/** `<meta name="rehber-ads">` with the ad client and slot ids, read by web/src/features/ads. */
export function injectAdsMeta(html: string, ads: AdsSettings): string {
  const content = ads.client ? { client: ads.client, slots: ads.slots } : {};
  const tag = `<meta name="rehber-ads" content="${escapeHtml(JSON.stringify(content))}" />`;
  return html.replace('</head>', () => `  ${tag}\n  </head>`);
}
