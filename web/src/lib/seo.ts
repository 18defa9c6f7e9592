import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { listPageMeta, type PageLang, type PageMeta } from '@domain/page-meta';
import { ownListPage } from '@domain/public-pages';

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

/** The page of the list the address asks for as its own (ownListPage): null for the first or a filtered or sorted view. */
export const useOwnListPage = (names?: readonly string[]): number | null => ownListPage(useLocation().search.slice(1), names);

/**
 * A list page's head: `metaOf` is given the page of the list the address asks for as its own
 * (useOwnListPage), which the head then names (listPageMeta), so the title and canonical agree
 * with the server's after every navigation. `names`: the parameters that name the list itself
 * (the search's q and location).
 */
export function useListHead(metaOf: (page: number | null) => PageMeta | null, names?: readonly string[]) {
  const page = useOwnListPage(names);
  const meta = metaOf(page);
  useDocumentHead(meta && listPageMeta(meta, page));
}
