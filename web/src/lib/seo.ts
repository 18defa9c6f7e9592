import { useEffect } from 'react';
import type { PageMeta } from '@data/domain/page-meta';

// The server's crawler head (JSON-LD, og:image, og:type) describes the page first loaded only.
const firstPath = typeof window === 'undefined' ? '' : window.location.pathname;

function dropServerOnlyTags() {
  document.head.querySelectorAll('script[type="application/ld+json"], meta[property="og:image"], meta[property="og:type"]').forEach((el) => el.remove());
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

function setCanonical(href: string) {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!el) {
    el = document.createElement('link');
    el.rel = 'canonical';
    document.head.appendChild(el);
  }
  el.href = href;
}

/**
 * Title, description, canonical and Open Graph tags of the page, client-side, matching what the
 * server puts in the crawler head (same data/domain/page-meta.ts). A plain title is enough for list pages.
 */
export function useDocumentHead(meta: PageMeta | { title: string; description?: string; path?: string } | null) {
  const title = meta?.title;
  const description = meta?.description;
  const path = meta?.path;
  useEffect(() => {
    if (!title) return;
    document.title = title;
    setMeta('property', 'og:title', title);
    if (description) {
      setMeta('name', 'description', description);
      setMeta('property', 'og:description', description);
    }
    if (window.location.pathname !== firstPath) dropServerOnlyTags();
    if (path) {
      const url = window.location.origin + path;
      setCanonical(url);
      setMeta('property', 'og:url', url);
    }
  }, [title, description, path]);
}
