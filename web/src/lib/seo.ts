import { useEffect } from 'react';
import type { PageLang, PageMeta } from '@domain/page-meta';

// The server's crawler head (JSON-LD, preview image, og:type) describes the page first loaded only.
const firstPath = typeof window === 'undefined' ? '' : window.location.pathname;

const SERVER_ONLY = ['script[type="application/ld+json"]', 'meta[property^="og:image"]', 'meta[property="og:type"]', 'meta[name^="twitter:image"]', 'meta[name="robots"]'];

function dropServerOnlyTags() {
  document.head.querySelectorAll(SERVER_ONLY.join(', ')).forEach((el) => el.remove());
}

function setMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.setAttribute('content', content);
}

function setCanonical(href: string | null) {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!href) {
    el?.remove();
    document.head.querySelector('meta[property="og:url"]')?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('link');
    el.rel = 'canonical';
    document.head.appendChild(el);
  }
  el.href = href;
  setMeta('property', 'og:url', href);
}

/**
 * Title, description, canonical, Open Graph and Twitter tags and `<html lang>` of the page,
 * client-side, matching what the server puts in the crawler head (server/seo/page-tags.ts reads the
 * same domain/page-meta.ts). A page without a path (the not-found screen) has no canonical.
 */
export function useDocumentHead(meta: PageMeta | { title: string; description?: string; path?: string; lang?: PageLang } | null) {
  const title = meta?.title;
  const description = meta?.description;
  const path = meta?.path;
  const lang = meta?.lang ?? 'en';
  useEffect(() => {
    if (!title) return;
    document.title = title;
    document.documentElement.lang = lang;
    setMeta('property', 'og:title', title);
    setMeta('name', 'twitter:title', title);
    if (description) {
      setMeta('name', 'description', description);
      setMeta('property', 'og:description', description);
      setMeta('name', 'twitter:description', description);
    }
    if (window.location.pathname !== firstPath) dropServerOnlyTags();
    setCanonical(path ? window.location.origin + path : null);
  }, [title, description, path, lang]);
}
