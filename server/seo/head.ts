/**
 * The crawler head: replaces the <!--head-->...<!--/head--> block of the built index.html with a
 * page's title, description, canonical link, Open Graph tags and JSON-LD, and tells the SPA whether
 * ads are on through a <meta> tag (no inline script: the CSP allows script-src 'self' only).
 */
import { escapeHtml, scriptJson } from './escape.js';

export interface HeadTags {
  title: string;
  description: string;
  canonical: string;
  ogType?: 'website' | 'business.business';
  image?: string | null;
  jsonLd?: unknown;
}

export function renderHead(h: HeadTags): string {
  const lines = [
    `<title>${escapeHtml(h.title)}</title>`,
    `<meta name="description" content="${escapeHtml(h.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(h.canonical)}" />`,
    `<meta property="og:title" content="${escapeHtml(h.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(h.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(h.canonical)}" />`,
    `<meta property="og:type" content="${h.ogType ?? 'website'}" />`,
    `<meta property="og:site_name" content="rehber" />`,
  ];
  if (h.image) lines.push(`<meta property="og:image" content="${escapeHtml(h.image)}" />`);
  lines.push(`<meta name="twitter:card" content="${h.image ? 'summary_large_image' : 'summary'}" />`);
  if (h.jsonLd !== undefined) lines.push(`<script type="application/ld+json">${scriptJson(h.jsonLd)}</script>`);
  return lines.join('\n    ');
}

const HEAD_BLOCK = /<!--head-->[\s\S]*?<!--\/head-->/;

export function injectHead(html: string, head: string): string {
  // A function replacement: '$&' and friends in the data must not be read as patterns.
  return html.replace(HEAD_BLOCK, () => `<!--head-->\n    ${head}\n    <!--/head-->`);
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
