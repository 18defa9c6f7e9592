/**
 * A part of every page that depends on almost nothing per request (the site's header and footer).
 * The server render draws its children to markup once per `cacheKey` and gives the element that
 * markup as its inner HTML; the browser renders the element with its children, as everywhere, and
 * hydrates them against the same bytes. React drew header and footer element by element on every
 * page: a large share of a business page's render. `cacheKey` must name everything the children
 * draw from (site settings, the links' active states, the year).
 */
import { createContext, useContext, type ReactNode } from 'react';

/** The markup `children()` draws in the page's contexts, kept under `key` (web/src/entry-server.tsx). */
export type DrawPart = (key: string, children: () => ReactNode) => string;

/** Given by the server render only: without it (the browser, component tests) a part renders as usual. */
export const DrawPartContext = createContext<DrawPart | null>(null);

/** `children` draws the part's content: called only when its markup is not kept yet (or in the browser). */
export function StaticPart({ as: Tag, className, cacheKey, children }: { as: 'header' | 'footer'; className: string; cacheKey: string; children: () => ReactNode }) {
  const draw = useContext(DrawPartContext);
  if (draw) return <Tag className={className} dangerouslySetInnerHTML={{ __html: draw(`${Tag}|${cacheKey}`, children) }} />;
  return <Tag className={className}>{children()}</Tag>;
}
